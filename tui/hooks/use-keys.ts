// useInput for every view, with three guarantees Ink alone does not give:
// - The handler is always the newest render's. Ink re-attaches a changed handler in an effect, which
//   can run well after the frame is drawn on a busy machine: keys typed in between (j then Enter the
//   moment a list appears) would meet an old render's state.
// - Each key sees the state the previous key left. Keys that arrive in one read are handed over
//   together, before React has rendered (it renders later in the event-loop turn, or later still
//   when it yields on a busy machine): a key that arrives while the one before has not been
//   rendered yet waits for that render (at most RENDER_WAIT_MS when the key changed nothing).
// - No key is merged away. Ink hands plain text that arrived in one read over as one input (a
//   paste), so Backspace held down ("\x7f\x7f\x7f") or keys typed fast on a busy machine ("jj", "j\r")
//   would match no key: runs of Backspace are always split, and lists (handlers without `text`) get
//   one key per character, Enter included. Text handlers keep a pasted chunk whole.
// - A view a key mounted hears the keys read before Ink subscribed it (Ink subscribes in a passive
//   effect, after the view is drawn): they are replayed to it once it listens.
import { useInput, type Key } from 'ink';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

export interface KeysOptions {
  isActive?: boolean;
  /** The handler takes typed text (a pasted chunk stays one input). */
  text?: boolean;
}

/** Returns false when the key meant nothing to it (then the next key need not wait for a render). */
type Handler = (input: string, key: Key) => unknown;

// Renders of components that take keys: a key is done once one happened (or none came in time).
let renders = 0;
/**
 * How long the next key waits for the render a key caused before it runs anyway (it caused none).
 * A key that changes state moves on the moment React renders; only a key that changed nothing waits
 * this long. React renders asynchronously, and on a busy machine a render took well over 30 ms: the
 * next key then met the previous screen's handlers (the first letter typed after `i` was lost).
 */
const RENDER_WAIT_MS = 500;

/** One key as every component that takes keys sees it: their handlers run together. */
interface KeyGroup {
  /** Each returns whether its handler was active and ran. */
  runs: (() => boolean)[];
  started: boolean;
  /** The input it belongs to (inputSeq at its reading; 0 for a replay). */
  seq: number;
  /** Whether any handler took the key (only then is a render worth waiting for). */
  ran: boolean;
}
/** One input event from Ink while Ink hands it to each subscribed handler in turn. */
interface Emission {
  input: string;
  groups: KeyGroup[];
  seen: Set<object>;
  seq: number;
}

const queue: KeyGroup[] = [];
let busy = false;
let emission: Emission | null = null;

/** Inputs as they came, numbered, so a handler that subscribed late can hear the ones it missed. */
let inputSeq = 0;
/** The newest input whose keys have started to run: later ones are still queued. */
let startedSeq = 0;
const recentInputs: { seq: number; input: string; key: Key }[] = [];
const RECENT_INPUTS = 32;

function noteInput(input: string, key: Key): void {
  recentInputs.push({ seq: ++inputSeq, input, key });
  if (recentInputs.length > RECENT_INPUTS) recentInputs.shift();
}

/** True when no key is waiting or running (a key handed over now runs at once). */
export function keysIdle(): boolean {
  return !busy && queue.length === 0;
}

function pump(): void {
  const group = queue.shift();
  if (group === undefined) {
    busy = false;
    return;
  }
  busy = true;
  group.started = true;
  startedSeq = Math.max(startedSeq, group.seq);
  const before = renders;
  for (const run of group.runs.splice(0)) if (run()) group.ran = true;
  const deadline = performance.now() + RENDER_WAIT_MS;
  // Checked after the turn, when every handler has had this key (Ink hands one input to each in
  // turn; the later ones run at once into this started group). When none took it (the lists' and
  // the app's share of a chunk typed into the compose box), nothing renders for it and the next
  // key goes at once: a pasted line and its Enter waited half a second per character before.
  const check = () => {
    if (!group.ran || renders !== before || performance.now() > deadline) pump();
    else setImmediate(check);
  };
  setImmediate(check);
}

/**
 * Hands the keys one handler (`owner`) got for one Ink input to the queue: the keys of an input
 * every handler gets run together, and a key runs once the keys before it have been rendered.
 */
function dispatch(owner: object, input: string, key: Key, runs: (() => boolean)[], replay: boolean): void {
  if (emission === null || emission.input !== input || emission.seen.has(owner)) {
    if (!replay) noteInput(input, key);
    const opened: Emission = { input, groups: [], seen: new Set(), seq: replay ? 0 : inputSeq };
    emission = opened;
    // Ink hands one input to every handler synchronously: the next turn is another input.
    queueMicrotask(() => {
      if (emission === opened) emission = null;
    });
  }
  const current = emission;
  current.seen.add(owner);
  runs.forEach((run, i) => {
    let group = current.groups[i];
    if (group === undefined) {
      group = { runs: [], started: false, seq: current.seq, ran: false };
      current.groups[i] = group;
      queue.push(group);
    }
    if (group.started) {
      if (run()) group.ran = true;
    } else group.runs.push(run);
  });
  if (!busy) pump();
}

interface HandlerState {
  handler: Handler;
  active: boolean;
  text: boolean;
  mounted: boolean;
}
/** Every mounted handler, to know at an input whether a text field had the keyboard. */
const mounted = new Set<{ current: HandlerState }>();

/**
 * An input a text field (prompt, compose, filter) took while it had the keyboard is all its own:
 * the handlers that were inactive then do not get it as keys later (a pasted link ending in Enter
 * must not also open the selected row once the prompt has closed).
 */
function ownedByActiveText(self: { current: HandlerState }): boolean {
  for (const h of mounted) if (h !== self && h.current.mounted && h.current.active && h.current.text) return true;
  return false;
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
    // Tab stays text: App moves focus on Tab, and a paste into the compose box may hold tabs.
    if (ch === '\r') keys.push(['', { ...key, return: true }]);
    else keys.push([ch, { ...key, shift: /[A-Z]/.test(ch) }]);
  }
  return keys;
}

export function useKeys(handler: Handler, options: KeysOptions = {}): void {
  const active = options.isActive !== false;
  renders++;
  const latest = useRef<HandlerState>({ handler, active, text: options.text === true, mounted: true });
  latest.current = { handler, active, text: options.text === true, mounted: true };
  useEffect(() => {
    const self = latest;
    mounted.add(self);
    return () => {
      self.current.mounted = false;
      mounted.delete(self);
    };
  }, []);
  const stable = useCallback((input: string, key: Key, replay = false) => {
    if (!latest.current.active && ownedByActiveText(latest)) return;
    // A text field that is not focused yet takes a fast run one key at a time, like the lists: in
    // "i" + "hello" read at once, "i" focuses the compose box and the letters after it are its own.
    const runs = splitKeys(input, key, latest.current.text && latest.current.active).map(([i, k]) => () => {
      const now = latest.current;
      if (!now.mounted || !now.active) return false;
      return now.handler(i, k) !== false;
    });
    dispatch(latest, input, key, runs, replay);
  }, []);
  // A view mounted by one key is drawn at commit, but Ink subscribes its handler only in a passive
  // effect, which a busy machine can run after the next key has been read (Enter opens a channel,
  // and an `i` typed the moment it shows would go nowhere). Keys that had not started to run when it
  // was committed are replayed to it once it listens.
  const mountedAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    mountedAt.current = startedSeq;
  }, []);
  // Subscribed to Ink even while inactive: whether the handler runs is decided when its key's turn
  // comes (after the previous key has rendered). Ink's own isActive changes only in an effect after
  // a render, which would deliver `i` and the text typed right after it to the compose box too late.
  useInput(stable);
  useEffect(() => {
    const from = mountedAt.current;
    mountedAt.current = null;
    if (from === null || from === inputSeq) return;
    for (const missed of recentInputs.filter((r) => r.seq > from)) stable(missed.input, missed.key, true);
  }, []);
}
