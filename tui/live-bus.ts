// Cues to refresh live data: each doorbell wake, each mention, our own posts, and a modest
// interval (the safety net when the doorbell cannot connect). Views subscribe and poll after
// their newest cursor, so a cue never loses or repeats anything.
export type LiveCue = 'wake' | 'interval' | 'posted' | 'mention' | 'reconnected';

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
