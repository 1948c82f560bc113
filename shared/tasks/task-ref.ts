/**
 * T-refs in branch names, and branch names made from a task.
 */

/** `T-42` anywhere in a branch name, not inside a longer word (`ABT-42`, `T-42x` do not count). */
const REF_IN_TEXT = /(?<![A-Za-z0-9])[Tt]-([1-9]\d{0,9})(?![A-Za-z0-9])/;

/** The first T-ref in a branch name (case-insensitive, normalised to `T-<n>`), or null. */
export function taskRefFromBranch(branch: string): string | null {
  const m = REF_IN_TEXT.exec(branch);
  return m ? `T-${Number(m[1])}` : null;
}

export const DEFAULT_BRANCH_PATTERN = '{ref}-{slug}';
const SLUG_MAX = 48;

/** Lowercase ASCII words joined by '-', accents folded, at most 48 characters cut at a word edge. */
export function slugify(title: string, max = SLUG_MAX): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // Empty words between separators are dropped below, so one separator character is enough here.
    .split(/[^a-z0-9]/)
    .filter((w) => w !== '');
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (next.length > max) {
      if (slug === '') slug = word.slice(0, max);
      break;
    }
    slug = next;
  }
  return slug;
}

/**
 * A branch name from a task: `pattern` may use `{ref}` (T-42), `{number}` (42) and `{slug}`
 * (from the title), e.g. `feature/{ref}-{slug}`. The result always passes isValidBranchName.
 */
export function branchNameFor(task: { ref: string; title: string }, pattern = DEFAULT_BRANCH_PATTERN): string {
  const number = /(\d+)$/.exec(task.ref)?.[1] ?? '';
  const slug = slugify(task.title);
  const raw = pattern.replace(/\{ref\}/g, task.ref).replace(/\{number\}/g, number).replace(/\{slug\}/g, slug);
  const cleaned = raw
    .split('/')
    .map((part) =>
      part
        // One '-' per unsafe character; the runs of '-' are collapsed next but one.
        .replace(/[^A-Za-z0-9._-]/g, '-')
        .replace(/\.{2,}/g, '.')
        .replace(/-{2,}/g, '-')
        .replace(/^[-.]+|[-.]+$/g, '')
        .replace(/\.lock$/i, '-lock'),
    )
    .filter((part) => part !== '')
    .join('/');
  return cleaned === '' ? task.ref : cleaned;
}

/** The rules of `git check-ref-format --branch` that matter for names we make or accept. */
export function isValidBranchName(name: string): boolean {
  if (name === '' || name === '@' || name.startsWith('-') || name.startsWith('/') || name.endsWith('/')) return false;
  if (name.endsWith('.') || name.includes('..') || name.includes('//') || name.includes('@{')) return false;
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) return false;
  return name.split('/').every((part) => !part.startsWith('.') && !part.endsWith('.lock'));
}
