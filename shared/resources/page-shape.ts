// Checks of the paged answers the iterators, the mention watcher and the run-event reader walk:
// a page that is not the documented shape becomes an UnexpectedResponseError here, instead of a
// TypeError deep inside a consumer.
import type { MentionsResponse, MessagesPage, RunEventsPage, Thread } from '../contract';
import { UnexpectedResponseError } from '../errors';

type Loose = Record<string, unknown>;

function bad(path: string, what: string): UnexpectedResponseError {
  return new UnexpectedResponseError({
    code: 'unexpected_response',
    message: `The service's answer is not the documented page: ${what}.`,
    hint: 'Check that the base URL points at a workspace API v1 service, then try again.',
    status: 200,
    path,
  });
}

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rows carry at least a string id and created_at (what cursors and dedupe rely on). */
function checkRows(data: Loose, key: string, path: string): void {
  const rows = data[key];
  if (!Array.isArray(rows)) throw bad(path, `"${key}" is not a list`);
  rows.forEach((row, i) => {
    if (!isObject(row) || typeof row.id !== 'string' || typeof row.created_at !== 'string') throw bad(path, `${key}[${i}] has no id and created_at`);
  });
}

function checkCursor(data: Loose, path: string): void {
  if (typeof data.hasMore !== 'boolean') throw bad(path, '"hasMore" is not true or false');
  if (data.cursor !== null && typeof data.cursor !== 'string') throw bad(path, '"cursor" is not a string or null');
}

export function checkMessagesPage(data: unknown, path: string): MessagesPage {
  if (!isObject(data)) throw bad(path, 'not an object');
  checkRows(data, 'messages', path);
  checkCursor(data, path);
  return data as unknown as MessagesPage;
}

export function checkThread(data: unknown, path: string): Thread {
  if (!isObject(data)) throw bad(path, 'not an object');
  const root = data.root;
  if (!isObject(root) || typeof root.id !== 'string') throw bad(path, '"root" is not a message');
  checkRows(data, 'replies', path);
  checkCursor(data, path);
  return data as unknown as Thread;
}

export function checkMentions(data: unknown, path: string): MentionsResponse {
  if (!isObject(data)) throw bad(path, 'not an object');
  checkRows(data, 'mentions', path);
  if (data.hasMore !== undefined && typeof data.hasMore !== 'boolean') throw bad(path, '"hasMore" is not true or false');
  return data as unknown as MentionsResponse;
}

export function checkRunEventsPage(data: unknown, path: string): RunEventsPage {
  if (!isObject(data)) throw bad(path, 'not an object');
  const events = data.events;
  if (!Array.isArray(events)) throw bad(path, '"events" is not a list');
  events.forEach((event, i) => {
    if (!isObject(event) || typeof event.seq !== 'number' || typeof event.name !== 'string') throw bad(path, `events[${i}] has no seq and name`);
  });
  if (typeof data.nextAfter !== 'number' || !Number.isFinite(data.nextAfter)) throw bad(path, '"nextAfter" is not a number');
  if (typeof data.hasMore !== 'boolean') throw bad(path, '"hasMore" is not true or false');
  return data as unknown as RunEventsPage;
}
