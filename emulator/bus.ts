// The in-process event bus. Parts of the service (mentions long-poll, realtime wake, automations,
// the demo agent) subscribe here instead of calling each other. Events raised inside a database
// transaction are held until it commits and dropped if it rolls back, so a listener never sees an
// effect that did not happen.
import type { Message, Task } from '../shared/contract';
import type { ChannelRecord, RunRecord } from './store/records';

export interface BusEvents {
  /** A top-level message or reply was stored. `viaAutomation` is the automation id that posted it. */
  'message.posted': { message: Message; channel: ChannelRecord; viaAutomation?: string };
  'message.edited': { message: Message; channel: ChannelRecord };
  /** A task moved to done (by PATCH or by a merged pull request). */
  'task.completed': { task: Task };
  /** POST /_emulator/pull-requests/merged; `tasks` are the linked tasks (after they went done). */
  'pr.merged': { pr_url: string; tasks: Task[] };
  'checks.failed': { pr_url: string };
  /** A run reached a settled status (succeeded, failed, canceled). */
  'run.settled': { run: RunRecord };
  /** Events were appended to a run's ledger. */
  'run.events': { run: RunRecord; seqs: number[] };
  /** POST /_emulator/clock moved the service clock; `now` is ISO. */
  'clock.advanced': { now: string };
  /** POST /_emulator/reset replaced the whole state. */
  'state.reset': Record<string, never>;
}

export type BusEventName = keyof BusEvents;
type Listener<K extends BusEventName> = (payload: BusEvents[K]) => void;

export class EventBus {
  private readonly listeners = new Map<BusEventName, Set<Listener<BusEventName>>>();
  private held: Array<() => void> | null = null;

  /** Subscribes; returns the unsubscribe function. */
  on<K extends BusEventName>(name: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener as Listener<BusEventName>);
    return () => set.delete(listener as Listener<BusEventName>);
  }

  emit<K extends BusEventName>(name: K, payload: BusEvents[K]): void {
    const deliver = () => this.deliver(name, payload);
    if (this.held) this.held.push(deliver);
    else deliver();
  }

  /** Used by Services.transaction: hold events until commit. */
  hold(): void {
    this.held ??= [];
  }

  release(commit: boolean): void {
    const queued = this.held ?? [];
    this.held = null;
    if (commit) for (const deliver of queued) deliver();
  }

  private deliver<K extends BusEventName>(name: K, payload: BusEvents[K]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) {
      try {
        listener(payload as BusEvents[BusEventName]);
      } catch (error) {
        // A failing subscriber must not break the request that raised the event.
        process.stderr.write(`wsc serve: a '${name}' listener failed: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
  }
}
