// Calls `tick` every `intervalMs` while the panel is visible, never otherwise. The channel panel's
// live update runs on this until a live cue (a doorbell for channel messages) can drive
// ChannelPanel.refreshNewer() instead; then this file goes.

export class PollWhileVisible {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly tick: () => void,
  ) {}

  /** Starts or stops the timer; true when it just started (the panel became visible). */
  update(visible: boolean): boolean {
    if (visible && !this.timer) {
      this.timer = setInterval(this.tick, this.intervalMs);
      return true;
    }
    if (!visible) this.stop();
    return false;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
