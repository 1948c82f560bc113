// Prompts as plain lines, for accessible mode (tui.toml `accessible = true` or WSC_ACCESSIBLE=1), the
// way GitHub CLI's accessible prompter asks: the question on a line, the choices numbered one a
// line, and the answer typed and ended with Enter. The terminal stays in its ordinary line mode (no
// raw mode, no arrow-key selector, nothing redrawn): a screen reader reads it in order.
import { createInterface } from 'node:readline';
import { term, type SafeText } from '../shared/index';

export interface PlainPromptIo {
  input: NodeJS.ReadableStream;
  /** Where the question goes (stderr for a command, whose stdout a script may read). */
  output: NodeJS.WritableStream;
}

/** How often a wrong answer is asked again before the question is given up. */
const ATTEMPTS = 3;

/** One typed line, or null when the input ended (Ctrl+D) before one came. */
export function readPlainLine(input: NodeJS.ReadableStream): Promise<string | null> {
  return new Promise((resolve) => {
    const lines = createInterface({ input, terminal: false });
    let answered = false;
    lines.once('line', (line) => {
      answered = true;
      lines.close();
      resolve(line.trim());
    });
    lines.once('close', () => {
      if (!answered) resolve(null);
    });
  });
}

/** Asks a question on its own line and reads the typed answer (null when the input ended). */
export async function askPlainLine(question: SafeText, io: PlainPromptIo): Promise<string | null> {
  io.output.write(`${question}\n`);
  return readPlainLine(io.input);
}

/**
 * Asks a question with numbered choices; resolves to the chosen index (0-based), or null when the
 * input ended or no valid number came after a few tries (the caller says what that means).
 */
export async function askPlainChoice(question: SafeText, choices: readonly SafeText[], io: PlainPromptIo): Promise<number | null> {
  io.output.write(`${question}\n`);
  choices.forEach((choice, i) => io.output.write(`${i + 1}. ${choice}\n`));
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    io.output.write(`${plainChoiceAsk(choices.length)}\n`);
    const answer = await readPlainLine(io.input);
    if (answer === null) return null;
    const chosen = plainChoiceIndex(answer, choices.length);
    if (chosen !== null) return chosen;
    io.output.write(`${term`That is not one of the numbers 1 to ${choices.length}.`}\n`);
  }
  return null;
}

/** The line that asks for the number. */
export function plainChoiceAsk(count: number): SafeText {
  return count === 1 ? term`Type 1 and press Enter.` : term`Type a number from 1 to ${count} and press Enter.`;
}

/** The 0-based choice a typed answer names, or null. */
export function plainChoiceIndex(answer: string, count: number): number | null {
  const trimmed = answer.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= 1 && n <= count ? n - 1 : null;
}
