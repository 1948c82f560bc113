// A commit message naming the branch's task: as a prefix (`T-12 Fix login`) or a trailer
// (`Refs: T-12`), added once. Lines starting with `#` are git's comments and do not count.
import { findReferences } from './find-references';

export type CommitRefMode = 'off' | 'prefix' | 'trailer';
export const COMMIT_REF_MODES: readonly CommitRefMode[] = ['off', 'prefix', 'trailer'];

const TRAILER = /^[A-Za-z0-9-]+: \S/;
// Everything below git's scissors line is dropped from the message (`commit --verbose`).
const SCISSORS = /^# -+ >8 -+$/;

function namesRef(lines: readonly string[], ref: string): boolean {
  return lines.some((l) => !l.startsWith('#') && findReferences(l).some((r) => r.kind === 'task' && r.ref === ref));
}

/** The message with `ref` added once; unchanged when the mode is off, the ref is not a T-ref, the message already names it, or it is a fixup!/squash!/amend! commit. */
export function commitMessageWithRef(message: string, ref: string, mode: CommitRefMode): string {
  const normal = /^[Tt]-([1-9]\d{0,9})$/.exec(ref.trim());
  if (mode === 'off' || !normal) return message;
  const task = `T-${Number(normal[1])}`;
  const eol = message.includes('\r\n') ? '\r\n' : '\n';
  const lines = message.split(/\r?\n/);
  const cut = lines.findIndex((l) => SCISSORS.test(l));
  const body = cut === -1 ? lines : lines.slice(0, cut);
  const tail = cut === -1 ? [] : lines.slice(cut);
  if (namesRef(body, task)) return message;
  const isContent = (l: string): boolean => !l.startsWith('#') && l.trim() !== '';
  const first = body.findIndex(isContent);
  // `git commit --fixup/--squash` subjects must stay as they are for `rebase --autosquash` to match them.
  if (first !== -1 && /^(fixup|squash|amend)! /.test(body[first]!)) return message;
  if (mode === 'prefix') {
    if (first === -1) return [`${task} `, ...lines].join(eol);
    const out = [...body];
    out[first] = `${task} ${out[first]!.replace(/^\s+/, '')}`;
    return [...out, ...tail].join(eol);
  }
  let last = -1;
  for (let i = body.length - 1; i >= 0; i--) {
    if (isContent(body[i]!)) {
      last = i;
      break;
    }
  }
  const trailer = `Refs: ${task}`;
  if (last === -1) return ['', '', trailer, ...lines].join(eol);
  // Join an existing trailer block (the last paragraph, all `Key: value`) rather than start a second one.
  let paragraphStart = last;
  while (paragraphStart > 0 && isContent(body[paragraphStart - 1]!)) paragraphStart--;
  const inTrailers = paragraphStart > first && body.slice(paragraphStart, last + 1).every((l) => TRAILER.test(l));
  const insert = inTrailers ? [trailer] : ['', trailer];
  return [...body.slice(0, last + 1), ...insert, ...body.slice(last + 1), ...tail].join(eol);
}
