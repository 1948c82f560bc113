// useInput for every view, with three guarantees Ink alone does not give:
// - The handler is always the newest render's. Ink re-attaches a changed handler in an effect, which
//   can run well after the frame is drawn on a busy machine: keys typed in between (j then Enter the
//   moment a list appears) would meet an old render's state.
// - Each key sees the state the previous key left. Keys that arrive in one read are handed over
//   together, before React has rendered (it renders in a later phase of the same event-loop turn):
//   they are queued and handled one per turn (a zero timer, which fires after that render).
// - No key is merged away. Ink hands plain text that arrived in one read over as one input (a
//   paste), so Backspace held down ("\x7f\x7f\x7f") or keys typed fast on a busy machine ("jj", "j\r")
//   would match no key: runs of Backspace are always split, and lists (handlers without `text`) get
//   one key per character, Enter and Tab included. Text handlers keep a pasted chunk whole.
import { useInput, type Key } from 'ink';
import { useCallback, useEffect, useRef } from 'react';

export interface KeysOptions {
  isActive?: boolean;
  /** The handler takes typed text (a pasted chunk stays one input). */
  text?: boolean;
}

type Handler = (input: string, key: Key) => void;

const queue: (() => void)[] = [];
let tickBusy = false;
let draining = false;

function drainOne(): void {
  const next = queue.shift();
  if (next) next();
  // Queued after the render the handler just scheduled, so the next key meets that render.
  if (queue.length > 0) setTimeout(drainOne, 0);
  else draining = false;
}

/** Runs `run` now when nothing was handled yet in this tick; otherwise after the renders before it. */
function dispatch(run: () => void): void {
  if (!tickBusy && queue.length === 0) {
    tickBusy = true;
    run();
    setTimeout(() => {
      tickBusy = false;
    }, 0);
    return;
  }
  queue.push(run);
  if (!draining) {
    draining = true;
    setTimeout(drainOne, 0);
  }
}

const BACKSPACES = /[\x7f\b]/;

/** One input from Ink as the keys it stands for. */
export function splitKeys(input: string, key: Key, text: boolean): [string, Key][] {
  if (input.length <= 1) return [[input, key]];
  const keys: [string, Key][] = [];
  if (BACKSPACES.test(input)) {
    for (const piece of input.split(/([\x7f\b])/)) {
      if (piece === '\x7f') keys.push(['', { ...key, delete: true }]);
      else if (piece === '\b') keys.push(['', { ...key, backspace: true }]);
      else if (piece !== '') keys.push(...splitKeys(piece, key, text));
    }
    return keys;
  }
  if (text) return [[input, key]];
  for (const ch of input) {
    if (ch === '\r') keys.push(['', { ...key, return: true }]);
    else if (ch === '\t') keys.push(['', { ...key, tab: true }]);
    else keys.push([ch, { ...key, shift: /[A-Z]/.test(ch) }]);
  }
  return keys;
}

export function useKeys(handler: Handler, options: KeysOptions = {}): void {
  const active = options.isActive !== false;
  const latest = useRef({ handler, active, text: options.text === true, mounted: true });
  latest.current = { handler, active, text: options.text === true, mounted: true };
  useEffect(
    () => () => {
      latest.current.mounted = false;
    },
    [],
  );
  const stable = useCallback((input: string, key: Key) => {
    for (const [i, k] of splitKeys(input, key, latest.current.text)) {
      dispatch(() => {
        const now = latest.current;
        if (now.mounted && now.active) now.handler(i, k);
      });
    }
  }, []);
  useInput(stable, { isActive: active });
}
