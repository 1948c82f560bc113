/** The part of vscode.Memento the stores use (so they stay vscode-free and unit-tested). */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}
