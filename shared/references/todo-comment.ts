// TODO/FIXME comments: finding one on a line, making it carry a task's ref (`// TODO(T-57): text`),
// and the task a comment or a selection of code becomes.
import { findReferences } from './find-references';
import { codeLocationLabel, codePermalink, type CodeLocation } from './permalink';

export interface TodoComment {
  tag: 'TODO' | 'FIXME';
  /** The comment's words after the tag (and its `(…)` and `:`), without a closing `*\/` or `-->`. */
  text: string;
  /** The task ref in the tag's parentheses (`TODO(T-57)`, `TODO(alice, T-57)`) or leading the text (`TODO: T-57 …`). */
  ref: string | null;
  /** Where `text` starts in the line. */
  textStart: number;
}

// A comment opener (//, #, --, /*, <!--, ;, or a `*` continuing a block comment), then the tag in capitals.
const TODO = /(?:^|[\s;{}()])(?:\/\/+!?|#+|--|\/\*+!?|<!--|;+)[ \t]*(TODO|FIXME)\b(?:\(([^)\n]*)\))?[ \t]*:?[ \t]*|^[ \t]*\*[ \t]*(TODO|FIXME)\b(?:\(([^)\n]*)\))?[ \t]*:?[ \t]*/;
const CLOSER = /\s*(?:\*\/|-->)\s*$/;
const SINGLE_REF = /^[Tt]-([1-9]\d{0,9})$/;

interface TodoMatch {
  comment: TodoComment;
  /** Where the tag starts and the part up to the text ends. */
  tagStart: number;
  head: string;
  tag: string;
  parens: string | null;
}

function matchTodo(line: string): TodoMatch | null {
  const body = line.replace(/\r?\n$/, '');
  const m = TODO.exec(body);
  if (!m) return null;
  const tag = m[1] ?? m[3] ?? '';
  const parens = m[2] ?? m[4] ?? null;
  const tagStart = m.index + m[0].search(/TODO|FIXME/);
  const textStart = m.index + m[0].length;
  const rest = body.slice(textStart);
  const closer = CLOSER.exec(rest);
  const text = (closer ? rest.slice(0, closer.index) : rest).trim();
  const parenRef = parens?.split(',').map((p) => p.trim()).find((p) => SINGLE_REF.test(p));
  const leading = findReferences(text).find((r) => r.kind === 'task' && r.start === 0);
  const ref = parenRef ? `T-${Number(SINGLE_REF.exec(parenRef)?.[1])}` : leading?.kind === 'task' ? leading.ref : null;
  return {
    comment: { tag: tag as 'TODO' | 'FIXME', text, ref, textStart },
    tagStart,
    head: body.slice(0, tagStart),
    tag,
    parens,
  };
}

/** The TODO/FIXME comment on `line`, or null. */
export function parseTodoComment(line: string): TodoComment | null {
  return matchTodo(line)?.comment ?? null;
}

/** `line` with its TODO/FIXME carrying `ref` in the tag's parentheses; unchanged when it has no such comment or already names it. */
export function withTodoRef(line: string, ref: string): string {
  const m = matchTodo(line);
  if (!m || m.comment.ref === ref) return line;
  const others = (m.parens ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '' && !SINGLE_REF.test(p));
  const textStart = m.comment.textStart;
  // A ref leading the text moves into the parentheses rather than being named twice.
  const rest = m.comment.ref !== null && m.parens === null ? line.slice(textStart).replace(/^[Tt]-\d+[ \t]*:?[ \t]*/, '') : line.slice(textStart);
  const tagged = `${m.head}${m.tag}(${[...others, ref].join(', ')})`;
  return /^\s*(?:\*\/|-->)?\s*$/.test(rest) ? `${tagged}${rest === '' ? '' : ` ${rest.trim()}`}` : `${tagged}: ${rest}`;
}

const TITLE_MAX = 120;

function titleFrom(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= TITLE_MAX) return clean;
  const cut = clean.slice(0, TITLE_MAX - 1);
  const edge = cut.lastIndexOf(' ');
  return `${edge > TITLE_MAX / 2 ? cut.slice(0, edge) : cut}…`;
}

// Comment markers stripped from a selected line used as a title.
const COMMENT_MARKS = /^\s*(?:\/\/+!?|#+|--|\/\*+!?|<!--|;+|\*(?!\/))\s*|\s*(?:\*\/|-->)\s*$/g;

/** The title and description of a task made from a TODO comment or a selection of code. */
export function taskFromCode(input: { text: string; location: CodeLocation }): { title: string; description: string } {
  const lines = input.text.replace(/\r\n?/g, '\n').split('\n');
  const todo = lines.map(parseTodoComment).find((c) => c !== null && c.text !== '');
  const firstLine = lines.map((l) => l.replace(COMMENT_MARKS, '').trim()).find((l) => l !== '') ?? '';
  const where = codeLocationLabel({ ...input.location, endLine: input.location.startLine }).replace(/ @ .*$/, '');
  const title = titleFrom(todo?.text ?? firstLine) || `Follow up in ${where}`;
  const permalink = codePermalink(input.location);
  const source = permalink
    ? `From \`${where}\`: ${permalink}`
    : `From \`${where}\`${input.location.commit ? ` at commit ${input.location.commit.slice(0, 12)}` : ' (not committed yet)'}.`;
  const code = input.text.replace(/\r\n?/g, '\n').replace(/^\n+|\n+$/g, '');
  let fence = '```';
  while (code.includes(fence)) fence += '`';
  return { title, description: code.trim() === '' ? source : `${source}\n\n${fence}\n${code}\n${fence}` };
}
