// The alternate screen: the UI draws on its own screen and the shell's scrollback is left as it
// was on exit. While a child process (the editor) owns the terminal, our output is held back.
export const ENTER_ALT_SCREEN = '\x1b[?1049h';
export const LEAVE_ALT_SCREEN = '\x1b[?1049l';
export const CLEAR_HOME = '\x1b[2J\x1b[H';
export const SHOW_CURSOR = '\x1b[?25h';
/** Focus reporting (the terminal sends ESC [ I / ESC [ O; tui/input/focus-reports.ts takes them). */
export const FOCUS_REPORTING_ON = '\x1b[?1004h';
export const FOCUS_REPORTING_OFF = '\x1b[?1004l';
/** SGR mouse reporting: presses, releases and the wheel (tui/input/mouse.ts takes the reports). */
export const MOUSE_REPORTING_ON = '\x1b[?1000h\x1b[?1006h';
export const MOUSE_REPORTING_OFF = '\x1b[?1006l\x1b[?1000l';

export class TerminalScreen {
  private readonly write: NodeJS.WriteStream['write'];
  private entered = false;
  private reportingFocus = false;
  private reportingMouse = false;

  constructor(private readonly stdout: NodeJS.WriteStream) {
    this.write = stdout.write.bind(stdout) as NodeJS.WriteStream['write'];
  }

  /** `frame`: drawn on the fresh screen in the same write. */
  enter(frame = ''): void {
    if (this.entered) return;
    this.entered = true;
    this.write(ENTER_ALT_SCREEN + CLEAR_HOME + frame);
  }

  clear(): void {
    this.write(CLEAR_HOME);
  }

  leave(): void {
    if (!this.entered) return;
    this.entered = false;
    this.write(this.reportsOff() + LEAVE_ALT_SCREEN + SHOW_CURSOR);
    this.reportingFocus = false;
    this.reportingMouse = false;
  }

  private reportsOff(): string {
    return (this.reportingFocus ? FOCUS_REPORTING_OFF : '') + (this.reportingMouse ? MOUSE_REPORTING_OFF : '');
  }

  private reportsOn(): string {
    return (this.reportingFocus ? FOCUS_REPORTING_ON : '') + (this.reportingMouse ? MOUSE_REPORTING_ON : '');
  }

  /** Asks the terminal for mouse reports (until leave; off while a child has the terminal). */
  reportMouse(): void {
    if (!this.entered || this.reportingMouse) return;
    this.reportingMouse = true;
    this.write(MOUSE_REPORTING_ON);
  }

  /** Asks the terminal to report focus in and out (until leave; off while a child has the terminal). */
  reportFocus(): void {
    if (!this.entered || this.reportingFocus) return;
    this.reportingFocus = true;
    this.write(FOCUS_REPORTING_ON);
  }

  /** Hands the terminal to `fn` (the editor): our frames are dropped meanwhile, the screen is repainted after. */
  async suspend<T>(fn: () => Promise<T>): Promise<T> {
    const stdin = process.stdin;
    const wasRaw = stdin.isTTY ? stdin.isRaw : false;
    // Let Ink's input hooks go idle (they follow React state) before the child starts reading.
    await new Promise((r) => setTimeout(r, 30));
    if (stdin.isTTY && stdin.isRaw) stdin.setRawMode(false);
    this.write(this.reportsOff() + LEAVE_ALT_SCREEN + SHOW_CURSOR);
    const original = this.stdout.write;
    this.stdout.write = ((_chunk: unknown, encodingOrCallback?: unknown, callback?: unknown) => {
      const cb = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
      if (typeof cb === 'function') (cb as () => void)();
      return true;
    }) as NodeJS.WriteStream['write'];
    try {
      return await fn();
    } finally {
      this.stdout.write = original;
      this.write(ENTER_ALT_SCREEN + CLEAR_HOME + this.reportsOn());
      if (stdin.isTTY && wasRaw) stdin.setRawMode(true);
    }
  }
}
