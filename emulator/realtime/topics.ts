import { createHmac, randomBytes } from 'node:crypto';

/** Whose doorbell a topic is. */
export interface WakeOwner {
  workspaceId: string;
  personId: string;
}

interface IssuedTopic extends WakeOwner {
  period: number;
}

export interface WakeTopicsOptions {
  /** Length of one rotation period, also the `refreshMs` handed to clients. */
  refreshMs: number;
  /** The service clock (ms since epoch); POST /_emulator/clock moves it. */
  now: () => number;
  /** Fixed secret for tests; random per process otherwise. */
  secret?: Buffer;
}

/**
 * Secret, rotating doorbell topics: one per person per period of the service clock, derived
 * with an HMAC so they cannot be guessed. A topic stays valid for its own period and the next,
 * so a client that re-fetches every refreshMs always holds a valid one.
 */
export class WakeTopics {
  readonly refreshMs: number;
  private readonly now: () => number;
  private readonly secret: Buffer;
  /** Topics handed out by issue(), for resolve(); pruned as periods pass. */
  private readonly issued = new Map<string, IssuedTopic>();

  constructor(options: WakeTopicsOptions) {
    if (!Number.isFinite(options.refreshMs) || options.refreshMs < 1000) {
      throw new Error(`refreshMs must be at least 1000 ms, got ${options.refreshMs}`);
    }
    this.refreshMs = options.refreshMs;
    this.now = options.now;
    this.secret = options.secret ?? randomBytes(32);
  }

  currentPeriod(): number {
    return Math.floor(this.now() / this.refreshMs);
  }

  /** The topic of this person for a period (default: now). Pure; does not register it. */
  topicFor(owner: WakeOwner, period = this.currentPeriod()): string {
    const mac = createHmac('sha256', this.secret)
      .update(`${owner.workspaceId}\n${owner.personId}\n${period}`)
      .digest('hex');
    return `wake-${mac.slice(0, 40)}`;
  }

  /** The current topic for this person, registered so that joins to it are accepted. */
  issue(owner: WakeOwner): string {
    const period = this.currentPeriod();
    const topic = this.topicFor(owner, period);
    this.issued.set(topic, { workspaceId: owner.workspaceId, personId: owner.personId, period });
    this.prune(period);
    return topic;
  }

  /** Who owns a topic, when it is a current (this or the previous period) issued topic. */
  resolve(topic: string): WakeOwner | null {
    const found = this.issued.get(topic);
    if (!found) return null;
    if (found.period < this.currentPeriod() - 1) return null;
    return { workspaceId: found.workspaceId, personId: found.personId };
  }

  /** Forget every topic of a person (left the workspace, workspace reset). */
  forget(predicate: (owner: WakeOwner) => boolean): void {
    for (const [topic, owner] of this.issued) if (predicate(owner)) this.issued.delete(topic);
  }

  get size(): number {
    return this.issued.size;
  }

  private prune(current: number): void {
    for (const [topic, entry] of this.issued) if (entry.period < current - 1) this.issued.delete(topic);
  }
}
