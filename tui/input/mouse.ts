// The terminal's mouse reports (SGR mode: CSI ?1000h ?1006h, asked by terminal-screen.ts) are the
// terminal's, never keys: KeyInput takes them before the KeyRouter, as it does focus reports, and
// hands them here. `ESC [ < b ; x ; y M` is a press (m a release); b's low bits are the button,
// 64/65 the wheel up/down, 4/8/16 Shift/Alt/Ctrl. Columns and rows count from 1.

export type MouseEvent = { kind: 'wheel'; delta: 1 | -1; x: number; y: number } | { kind: 'click'; x: number; y: number };

const SGR_MOUSE = /\x1b\[<(\d+);(\d+);(\d+)([Mm])/g;
const SGR_MOUSE_WHOLE = /^(?:\x1b\[<\d+;\d+;\d+[Mm])+$/;
/** What Ink hands the key handler for a report it parsed (the ESC taken as meta). */
const SGR_MOUSE_REST = /^\[<\d+;\d+;\d+[Mm]$/;

/** The mouse events an input is made of, or null when it is (also) something else. Releases and drags are no events. */
export function mouseEvents(data: string): MouseEvent[] | null {
  if (!SGR_MOUSE_WHOLE.test(data)) return null;
  const events: MouseEvent[] = [];
  for (const m of data.matchAll(SGR_MOUSE)) {
    const b = Number(m[1]);
    const x = Number(m[2]);
    const y = Number(m[3]);
    const press = m[4] === 'M';
    if ((b & 64) !== 0 && press) events.push({ kind: 'wheel', delta: (b & 1) === 0 ? -1 : 1, x, y });
    else if ((b & 0b11100011) === 0 && press) events.push({ kind: 'click', x, y });
  }
  return events;
}

/** Whether what Ink gave the key handler is the rest of a mouse report (never a key). */
export function isMouseRest(input: string): boolean {
  return SGR_MOUSE_REST.test(input) || SGR_MOUSE_WHOLE.test(input);
}

/** Where reports go: the app's mouse hook listens while it is mounted. */
export class MouseBus {
  readonly #listeners = new Set<(event: MouseEvent) => void>();

  emit(event: MouseEvent): void {
    for (const listener of [...this.#listeners]) listener(event);
  }

  subscribe(listener: (event: MouseEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

export const terminalMouse = new MouseBus();

/** A box drawn on screen that a click acts on: its first line and column (1-based), its size; `click` gets the line clicked, from 0. */
export interface ClickArea {
  top(): number | null;
  left(): number | null;
  width: number;
  rows: number;
  click(line: number): void;
}

const areas = new Set<ClickArea>();

/** Registers a box shown now; returns its removal. */
export function addClickArea(area: ClickArea): () => void {
  areas.add(area);
  return () => areas.delete(area);
}

/** Clicks the box under (x, y); false when no registered box is there. */
export function clickAt(x: number, y: number): boolean {
  for (const area of areas) {
    const top = area.top();
    const left = area.left();
    if (top === null || left === null) continue;
    if (y >= top && y < top + area.rows && x >= left && x < left + area.width) {
      area.click(y - top);
      return true;
    }
  }
  return false;
}
