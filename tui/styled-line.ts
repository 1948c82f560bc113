// One screen line of styled runs written as Ink writes its frames (its Output cells through
// @alcalzone/ansi-tokenize): a run's styles open in the order Ink's <Text> applies them (dim, colour,
// bold, inverse), a change closes what ends (last opened first) and opens what starts, and trailing
// blanks are trimmed. Used to paint the saved first frame before Ink loads (tui/prepaint.ts), so
// that Ink's own first frame, drawn over it, writes the same bytes.

export interface Sgr {
  readonly open: string;
  readonly close: string;
}

export const DIM: Sgr = { open: '\x1b[2m', close: '\x1b[22m' };
export const BOLD: Sgr = { open: '\x1b[1m', close: '\x1b[22m' };
export const INVERSE: Sgr = { open: '\x1b[7m', close: '\x1b[27m' };

export interface Run {
  readonly text: string;
  /** In the order Ink's <Text> applies them: dim, bold, inverse. */
  readonly styles: readonly Sgr[];
}

export const plain = (text: string): Run => ({ text, styles: [] });

export function styledLine(runs: readonly Run[]): string {
  let out = '';
  let open: readonly Sgr[] = [];
  for (const run of runs) {
    if (run.text === '') continue;
    out += change(open, run.styles) + run.text;
    open = run.styles;
  }
  return (out + change(open, [])).trimEnd();
}

function change(from: readonly Sgr[], to: readonly Sgr[]): string {
  const ending = from.filter((s) => !to.includes(s)).reverse();
  const starting = to.filter((s) => !from.includes(s));
  return ending.map((s) => s.close).join('') + starting.map((s) => s.open).join('');
}
