// An in-memory stand-in for VS Code's globalState (the KeyValueStore the extension's stores use).
// Values are copied in and out as JSON, as globalState does. `held()` makes writes wait until
// `release()`, to put a slow store's interleavings into a test without timers.
import type { KeyValueStore } from '../../extension/key-value-store';

export class MemoryKeyValueStore implements KeyValueStore {
  readonly #values = new Map<string, unknown>();
  #held: Array<() => void> | null = null;

  get<T>(key: string): T | undefined {
    const v = this.#values.get(key);
    return v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as T);
  }

  update(key: string, value: unknown): Promise<void> {
    const apply = () => {
      if (value === undefined) this.#values.delete(key);
      else this.#values.set(key, JSON.parse(JSON.stringify(value)));
    };
    if (this.#held === null) {
      apply();
      return Promise.resolve();
    }
    const queue = this.#held;
    return new Promise((resolve) => queue.push(() => (apply(), resolve())));
  }

  /** From now on, writes wait for release(). */
  hold(): void {
    this.#held ??= [];
  }

  /** Applies every waiting write in order and stops holding. */
  release(): void {
    const queue = this.#held ?? [];
    this.#held = null;
    for (const write of queue) write();
  }
}

export function memoryStore(): MemoryKeyValueStore {
  return new MemoryKeyValueStore();
}
