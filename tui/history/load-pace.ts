// How a load of every older page gives way to typing. Pages come as fast as the service answers,
// and each costs the machine (the service, the HTTP exchange, parsing, indexing, collecting the
// garbage) work that a key pressed meanwhile waits behind. While keys are being typed the load
// leaves the machine idle at least as long as its last page took, and the list (which nobody
// reads while typing) is drawn again only once typing pauses or the load ends.

/** A key read within this long means someone is typing. */
const TYPING_MS = 1_000;
/** Older messages are drawn once no key has been read for this long. */
const QUIET_MS = 400;

export interface LoadPace {
  /** A load begins: the key that asked for it (and any before) is not typing. */
  begin(): void;
  /** How long to wait before asking for the next page, given how long the last one took (ms). */
  pauseAfter(pageMs: number): number;
  /** Whether older messages may be drawn now. */
  mayPublish(): boolean;
}

/** The pace at full speed: no pause, drawn whenever due. */
export const FULL_SPEED: LoadPace = { begin: () => undefined, pauseAfter: () => 0, mayPublish: () => true };

/** Gives way while keys read since the load began (`msSinceInput()`: since the last one) say someone is typing. */
export function typingPace(msSinceInput: () => number, now: () => number = () => performance.now()): LoadPace {
  let began = Number.NEGATIVE_INFINITY;
  /** Milliseconds since the last key read after the load began (Infinity: none). */
  const sinceTyped = (): number => {
    const since = msSinceInput();
    return since < now() - began ? since : Number.POSITIVE_INFINITY;
  };
  return {
    begin: () => void (began = now()),
    pauseAfter: (pageMs) => (sinceTyped() < TYPING_MS ? Math.max(0, pageMs) : 0),
    mayPublish: () => sinceTyped() >= QUIET_MS,
  };
}
