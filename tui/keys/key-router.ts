// One router for every key: the single stdin subscriber (KeyInput.tsx) feeds it Ink's parsed inputs,
// and it offers each key to the active layers, overlays first, then the view (and the compose box),
// then the whole-screen keys, and stops at the first layer that says it took the key. So a layer
// never guesses from drawn state what another one took. A layer says whether it is active and
// whether it takes typed text; whether it runs is decided when its key comes, never by when a
// component subscribed.
//
// Keys of one read are routed one after another within the same tick: between two keys a microtask
// lets React run the synchronous render the previous key's store update scheduled (it is queued
// before), so the next key meets the state and the layers that key left (a view it opened, the
// compose box it focused). Nothing waits for a timer or a frame.
import type { Key } from 'ink';

export type KeyLevel = 'overlay' | 'view' | 'app';

export interface KeyLayer {
  level: KeyLevel;
  isActive(): boolean;
  /** Takes typed text: a pasted chunk reaches it whole. */
  isText(): boolean;
  /** A one-line field: a line break in typed text confirms it, and what follows is the next key's. */
  isLine?(): boolean;
  /** Carries the key out; true when it took the key (no layer after it hears it). */
  handle(input: string, key: Key): boolean;
}

const LEVEL_ORDER: Record<KeyLevel, number> = { overlay: 0, view: 1, app: 2 };

const BACKSPACE = /[\x7f\b]/;
const BACKSPACE_OR_LINE_BREAK = /[\x7f\b\r\n]/;

const CTRL_C = '\x03';

/**
 * Where Ctrl+C cuts an input Ink parsed: the keys read before it, and whether it was there. Ink
 * quits by itself only on a read that is Ctrl+C alone; typed fast or while the UI is busy, the
 * keys before it arrive in the same read ("t\x03"). What follows Ctrl+C in that read is dropped.
 */
export function cutAtCtrlC(input: string): { before: string; quit: boolean } {
  const at = input.indexOf(CTRL_C);
  return at < 0 ? { before: input, quit: false } : { before: input.slice(0, at), quit: true };
}

/** The first key of an input and what is left of it ('' when nothing). */
export function firstKey(input: string, key: Key, text: boolean, line = false): { input: string; key: Key; rest: string } {
  const head = input[0];
  // A run of Backspace is one deletion per key, also in a text field (Ink reports the run as text).
  if (head === '\x7f') return { input: '', key: { ...key, delete: true }, rest: input.slice(1) };
  if (head === '\b') return { input: '', key: { ...key, backspace: true }, rest: input.slice(1) };
  // In a one-line field a line break is Enter, also the one left alone after the text before it.
  if (text && line && (head === '\r' || head === '\n')) return { input: '', key: { ...key, return: true }, rest: input.slice(1) };
  if (input.length <= 1 && !(head === '\r' && !text)) return { input, key, rest: '' };
  if (text) {
    const cut = input.search(line ? BACKSPACE_OR_LINE_BREAK : BACKSPACE);
    return cut < 0 ? { input, key, rest: '' } : { input: input.slice(0, cut), key, rest: input.slice(cut) };
  }
  const ch = String.fromCodePoint(input.codePointAt(0) as number);
  const rest = input.slice(ch.length);
  // Tab stays text: the app moves the focus on Tab, and a paste into the compose box may hold tabs.
  if (ch === '\r') return { input: '', key: { ...key, return: true }, rest };
  return { input: ch, key: { ...key, shift: /[A-Z]/.test(ch) }, rest };
}

export class KeyRouter {
  private readonly layers: KeyLayer[] = [];
  private readonly inputs: ({ input: string; key: Key } | { action: () => void })[] = [];
  private routing = false;
  /** performance.now() when the last input was read. */
  private lastInput = Number.NEGATIVE_INFINITY;

  /** Puts a layer on the stack (newest first within its level); returns its removal. */
  add(layer: KeyLayer): () => void {
    this.layers.push(layer);
    return () => {
      const i = this.layers.indexOf(layer);
      if (i >= 0) this.layers.splice(i, 1);
    };
  }

  /** The active layers in the order a key reaches them. */
  activeLayers(): KeyLayer[] {
    return this.layers
      .map((layer, i) => ({ layer, i }))
      .filter(({ layer }) => layer.isActive())
      .sort((a, b) => LEVEL_ORDER[a.layer.level] - LEVEL_ORDER[b.layer.level] || b.i - a.i)
      .map(({ layer }) => layer);
  }

  /** One input as Ink parsed it (a key, or a run of typed or pasted text). */
  feed(input: string, key: Key): void {
    this.lastInput = performance.now();
    // A read that starts with a tab is the Tab key and what was typed right after it (a busy
    // process reads them together); a paste keeps the tabs inside it.
    if (input.length > 1 && input[0] === '\t' && !key.ctrl && !key.meta) {
      this.inputs.push({ input: '\t', key: { ...key, tab: true } });
      input = input.slice(1);
    }
    this.inputs.push({ input, key });
    if (!this.routing) this.step();
  }

  /** Runs `action` once every input fed before it has been routed (and its render has run). */
  then(action: () => void): void {
    this.inputs.push({ action });
    if (!this.routing) this.step();
  }

  /** Milliseconds since the last input was read (Infinity before the first). */
  msSinceInput(now = performance.now()): number {
    return now - this.lastInput;
  }

  /** Whether every input fed so far has been routed. */
  idle(): boolean {
    return !this.routing && this.inputs.length === 0;
  }

  private step(): void {
    const next = this.inputs[0];
    if (next === undefined) {
      this.routing = false;
      return;
    }
    this.routing = true;
    if ('action' in next) {
      this.inputs.shift();
      try {
        next.action();
      } finally {
        queueMicrotask(() => this.step());
      }
      return;
    }
    const layers = this.activeLayers();
    const textLayer = layers.find((l) => l.isText());
    const one = firstKey(next.input, next.key, textLayer !== undefined, textLayer?.isLine?.() === true);
    if (one.rest === '') this.inputs.shift();
    else next.input = one.rest;
    try {
      for (const layer of layers) if (layer.handle(one.input, one.key)) break;
    } finally {
      // Also when nothing is left: Ink hands the keys of one read over one after another in the
      // same turn (ten PgUp), and the next must wait for this one's render like the rest of a run.
      queueMicrotask(() => this.step());
    }
  }
}
