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
  /** How long to wait before asking for the next page, given how long the last one took (ms). */
  pauseAfter(pageMs: number): number;
  /** Whether older messages may be drawn now. */
  mayPublish(): boolean;
}

/** The pace at full speed: no pause, drawn whenever due. */
export const FULL_SPEED: LoadPace = { pauseAfter: () => 0, mayPublish: () => true };

/** Gives way while `msSinceInput()` (since the last key read) says someone is typing. */
export function typingPace(msSinceInput: () => number): LoadPace {
  return {
    pauseAfter: (pageMs) => (msSinceInput() < TYPING_MS ? Math.max(0, pageMs) : 0),
    mayPublish: () => msSinceInput() >= QUIET_MS,
  };
}
