// The mention watcher's cursor in VS Code globalState, one per (service, person).
import type { CursorStore } from '../../shared/index';
import type { KeyValueStore } from '../key-value-store';

export class GlobalStateCursorStore implements CursorStore<string> {
  constructor(
    private readonly store: KeyValueStore,
    readonly key: string,
  ) {}

  static keyFor(serviceUrl: string, userId: string): string {
    let origin = serviceUrl;
    try {
      origin = new URL(serviceUrl).origin;
    } catch {
      // keep as typed
    }
    return `wsc.mentions.cursor:${origin}:${userId}`;
  }

  async load(): Promise<string | undefined> {
    const value = this.store.get<unknown>(this.key);
    return typeof value === 'string' && value ? value : undefined;
  }

  async save(cursor: string): Promise<void> {
    await this.store.update(this.key, cursor);
  }
}
