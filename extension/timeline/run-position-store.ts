// Where the timeline keeps each run's nextAfter: VS Code workspaceState, one key per service and run.
import type * as vscode from 'vscode';
import type { CursorStore } from '../../shared/index';

export function runPositionKey(serviceUrl: string, runId: string): string {
  return `wsc.timeline.nextAfter:${serviceUrl}:${runId}`;
}

export class RunPositionStore implements CursorStore<number> {
  constructor(
    private readonly state: vscode.Memento,
    private readonly key: string,
  ) {}

  async load(): Promise<number | undefined> {
    const value = this.state.get<unknown>(this.key);
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
  }

  async save(after: number): Promise<void> {
    await this.state.update(this.key, after);
  }
}

/** Saves through to the real store but loads nothing: the reader re-reads the history to draw it. */
export function saveOnly(store: CursorStore<number>): CursorStore<number> {
  return { load: async () => undefined, save: (after) => store.save(after) };
}
