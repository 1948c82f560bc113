// The file a `file.changed` run event names, and the change itself when the event carries it as a
// unified diff (`payload.diff`): both sides of each hunk, so a face can show it as a diff (left:
// the hunks' old lines, right: their new lines, hunk by hunk) without the files of the agent's
// machine. An event without a diff still names the path, which a face opens in the workspace.
import type { RunEvent } from '../contract';

export interface FileChange {
  path: string;
  /** added, modified, deleted, renamed… as the event says. */
  change: string;
  /** The hunks' two sides, when the event carries a unified diff. */
  sides?: { before: string; after: string };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Both sides of a unified diff's hunks; null when the text holds no hunk. */
export function sidesOfUnifiedDiff(diff: string): { before: string; after: string } | null {
  const before: string[] = [];
  const after: string[] = [];
  let hunks = 0;
  let inHunk = false;
  for (const line of diff.replace(/\r\n/g, '\n').split('\n')) {
    if (line.startsWith('@@')) {
      if (hunks > 0) {
        before.push('');
        after.push('');
      }
      hunks++;
      inHunk = true;
      before.push(line);
      after.push(line);
      continue;
    }
    if (!inHunk || line.startsWith('\\')) continue;
    if (line.startsWith('-')) before.push(line.slice(1));
    else if (line.startsWith('+')) after.push(line.slice(1));
    else if (line.startsWith(' ') || line === '') {
      before.push(line.slice(1));
      after.push(line.slice(1));
    } else inHunk = false;
  }
  return hunks === 0 ? null : { before: before.join('\n'), after: after.join('\n') };
}

export function fileChangeOf(event: RunEvent): FileChange | null {
  if (event.name !== 'file.changed' || event.redaction === 'withheld' || !isObject(event.payload)) return null;
  const p = event.payload;
  if (typeof p.path !== 'string' || p.path.trim() === '') return null;
  const sides = typeof p.diff === 'string' ? sidesOfUnifiedDiff(p.diff) : null;
  return { path: p.path, change: typeof p.change === 'string' && p.change !== '' ? p.change : 'changed', ...(sides ? { sides } : {}) };
}
