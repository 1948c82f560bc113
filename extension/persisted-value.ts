/**
 * One globalState entry held in memory. Reads see every change at once and in the order it was
 * made; writes reach the store in that same order. Reading the store itself would miss a write
 * still on its way, and a step that acted on that stale read could undo a newer change (a doc's
 * base set back to an old version, and the next save refused as a conflict).
 */
import type { KeyValueStore } from './key-value-store';

export class PersistedValue<T> {
  readonly #store: KeyValueStore;
  readonly #key: string;
  #value: T;
  #writes: Promise<void> = Promise.resolve();

  /** `parse` turns whatever the store holds (possibly damaged or absent) into a value. */
  constructor(store: KeyValueStore, key: string, parse: (raw: unknown) => T) {
    this.#store = store;
    this.#key = key;
    this.#value = parse(store.get<unknown>(key));
  }

  get(): T {
    return this.#value;
  }

  /** Takes effect for readers at once; resolves once the store has it. */
  set(next: T): Promise<void> {
    this.#value = next;
    const write = this.#writes.then(() => this.#store.update(this.#key, next));
    this.#writes = write.then(
      () => undefined,
      () => undefined,
    );
    return Promise.resolve(write);
  }

  update(change: (current: T) => T): Promise<void> {
    return this.set(change(this.#value));
  }
}
