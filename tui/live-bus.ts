// Cues to refresh live data inside the UI: the shared waker's (doorbell wake, (re)subscription,
// the safety-net interval) plus the UI's own (a mention arrived, we posted, the feed is live
// again). Views subscribe and poll after their newest cursor, so a cue never loses or repeats anything.
import type { LiveCue as WakerCue } from '../shared/index';

/** 'changed': this UI changed something besides a message (the palette ran a command): reload lists now. */
export type LiveCue = WakerCue | 'posted' | 'mention' | 'reconnected' | 'changed';

export class LiveBus {
  private readonly listeners = new Set<(cue: LiveCue) => void>();

  subscribe(listener: (cue: LiveCue) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  cue(cue: LiveCue): void {
    for (const listener of [...this.listeners]) listener(cue);
  }
}
