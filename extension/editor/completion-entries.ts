/**
 * What completion offers for `T-…`/`#…` and `@…`, in order, vscode-free: my open tasks first,
 * then the recently changed ones, filtered by the typed number or title words; people and
 * agents by handle or name.
 */
import { completionPrefixAt, type Member, type TaskRow } from '../../shared/index';
import type { CompletionTasks, ReferenceCache } from './reference-cache';

export interface CompletionEntry {
  label: string;
  insertText: string;
  /** Beside the label: the title (tasks) or the name (people). */
  description: string;
  /** Status, or person/agent. */
  detail: string;
  /** Keeps the order given here in VS Code's list. */
  sortText: string;
  /** What VS Code matches the typed word against. */
  filterText: string;
  kind: 'task' | 'person' | 'agent';
}

const MAX_ENTRIES = 50;

function taskMatches(task: TaskRow, typed: string): boolean {
  const q = typed.trim().toLowerCase();
  if (q === '') return true;
  if (/^\d+$/.test(q)) return String(task.number).startsWith(q);
  return task.title.toLowerCase().includes(q);
}

/**
 * `typed` is what follows `T-` or `#` before the cursor (`12`, `sear`, or empty); `word` is the
 * whole text being replaced (`T-12`, `#sear`), which VS Code matches each item's filterText against.
 */
export function taskEntries(tasks: CompletionTasks, typed: string, word = `T-${typed}`): CompletionEntry[] {
  const ordered = [...tasks.mine.map((t) => ({ t, mine: true })), ...tasks.recent.map((t) => ({ t, mine: false }))];
  return ordered
    .filter(({ t }) => taskMatches(t, typed))
    .slice(0, MAX_ENTRIES)
    .map(({ t, mine }, index) => ({
      label: t.ref,
      insertText: t.ref,
      description: t.title,
      detail: `${t.status.replace('_', ' ')}${mine ? ' · yours' : ''}`,
      sortText: String(index).padStart(4, '0'),
      // The typed prefix plus the title, so that `T-sear` and `#12` both keep the item.
      filterText: `${word} ${t.ref} ${t.title}`,
      kind: 'task' as const,
    }));
}

/** `typed` is what follows `@` before the cursor. */
export function personEntries(people: readonly Member[], typed: string): CompletionEntry[] {
  const q = typed.toLowerCase();
  const matching = people.filter((p) => q === '' || p.handle.toLowerCase().startsWith(q) || p.name.toLowerCase().includes(q));
  return matching.slice(0, MAX_ENTRIES).map((p, index) => ({
    label: `@${p.handle}`,
    insertText: `@${p.handle}`,
    description: p.name,
    detail: p.kind === 'agent' ? 'agent' : 'person',
    sortText: String(index).padStart(4, '0'),
    filterText: `@${typed} @${p.handle} ${p.name}`,
    kind: p.kind === 'agent' ? ('agent' as const) : ('person' as const),
  }));
}

export interface CompletionAt {
  /** Where the typed `T-…`, `#…` or `@…` starts in the line. */
  start: number;
  entries: CompletionEntry[];
}

/**
 * What to offer with the cursor at the end of `lineBefore` (the line up to the cursor): null when
 * no `T-`, `#` or `@` is being typed there (and then nothing is read). The lists come from the cache.
 */
export async function completionAt(cache: Pick<ReferenceCache, 'completionTasks' | 'people'> & Partial<Pick<ReferenceCache, 'completionMatches'>>, lineBefore: string): Promise<CompletionAt | null> {
  const prefix = completionPrefixAt(lineBefore, lineBefore.length);
  if (!prefix) return null;
  if (prefix.kind !== 'task') return { start: prefix.start, entries: personEntries(await cache.people(), prefix.typed) };
  const [kept, matches] = await Promise.all([cache.completionTasks(), cache.completionMatches?.(prefix.typed) ?? Promise.resolve([])]);
  return { start: prefix.start, entries: taskEntries(withMatches(kept, matches), prefix.typed, lineBefore.slice(prefix.start)) };
}

/** The kept lists with the service's matches for what is typed: an exact ref first after mine, each task once. */
export function withMatches(kept: CompletionTasks, matches: readonly TaskRow[]): CompletionTasks {
  if (matches.length === 0) return kept;
  const mineIds = new Set(kept.mine.map((t) => t.id));
  const extra = matches.filter((t) => !mineIds.has(t.id));
  const extraIds = new Set(extra.map((t) => t.id));
  return { mine: kept.mine, recent: [...extra, ...kept.recent.filter((t) => !extraIds.has(t.id))] };
}
