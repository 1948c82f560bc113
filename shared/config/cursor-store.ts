/**
 * Where a reader keeps its position (the mention watcher's `since`, a run reader's `nextAfter`).
 * The extension adapts VS Code globalState to this interface; the terminal uses the file store.
 */
import { readFile } from 'node:fs/promises';
import { writePrivateFileAtomic } from './private-file';
import { setAsideUnreadable } from '../offline/store-notices';

export interface CursorStore<T = string> {
  load(): Promise<T | undefined>;
  save(cursor: T): Promise<void>;
}

/** In memory; `saved` lists every value saved, in order (tests assert on it). */
export class MemoryCursorStore<T = string> implements CursorStore<T> {
  readonly saved: T[] = [];
  private value: T | undefined;

  constructor(initial?: T) {
    this.value = initial;
  }

  async load(): Promise<T | undefined> {
    return this.value;
  }

  async save(cursor: T): Promise<void> {
    this.value = cursor;
    this.saved.push(cursor);
  }
}

/**
 * A JSON file `{"cursor": value}`, written atomically (mode 0600). A missing or unreadable file
 * loads as undefined: the reader then starts over, and its dedupe keeps that from repeating rows.
 */
export class FileCursorStore<T = string> implements CursorStore<T> {
  /** `formerPath`: where an earlier version kept this state; read (never written) while `path` holds nothing. */
  constructor(
    readonly path: string,
    private readonly formerPath?: string,
  ) {}

  async load(): Promise<T | undefined> {
    const value = await readCursorFile<T>(this.path);
    return value !== undefined || this.formerPath === undefined ? value : readCursorFile<T>(this.formerPath);
  }

  async save(cursor: T): Promise<void> {
    await writePrivateFileAtomic(this.path, JSON.stringify({ cursor }));
  }
}

async function readCursorFile<T>(path: string): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const data = JSON.parse(text) as { cursor?: T };
    return data.cursor ?? undefined;
  } catch (error) {
    // Moved aside, not overwritten: the reader starts over (its dedupe keeps rows from repeating).
    setAsideUnreadable(path, `The position file ${path}`, error instanceof Error ? error.message : String(error));
    return undefined;
  }
}
