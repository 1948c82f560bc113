// Whether the terminal has the person's focus, from its focus reports (CSI ?1004h makes it send
// ESC [ I on focus in and ESC [ O on focus out). Those reports are the terminal's, not keys: KeyInput
// takes them before the KeyRouter sees anything. Focused until the terminal says otherwise (one
// that does not report is taken as looked at, so nothing is notified twice).

export type FocusReport = 'in' | 'out';

/** The report a raw input event is, or null for any other input. */
export function focusReport(data: string): FocusReport | null {
  if (data === '\x1b[I') return 'in';
  if (data === '\x1b[O') return 'out';
  return null;
}

export class TerminalFocus {
  #focused = true;
  readonly #listeners = new Set<(focused: boolean) => void>();

  get focused(): boolean {
    return this.#focused;
  }

  report(report: FocusReport): void {
    const focused = report === 'in';
    if (focused === this.#focused) return;
    this.#focused = focused;
    for (const listener of [...this.#listeners]) listener(focused);
  }

  subscribe(listener: (focused: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** The one terminal this process draws on. */
export const terminalFocus = new TerminalFocus();
