/**
 * The tasks a whole list shows (trees, views, `wsc task list` without `--limit`): asked at the
 * service's ceiling, and narrowed per status where one answer cannot hold them all, so a list
 * grouped by status holds every task the person can see up to the ceiling of each status.
 */
import type { Client } from '../client';
import { PATHS, TASK_STATUSES, type TaskRow, type TaskStatus, type TasksQuery } from '../contract';
import type { CallOptions } from '../http/types';
import { askAtMost, listCeiling, noteAnswerSize, UNKNOWN_CEILING_ASK } from './list-ceiling';
import { naturalBy } from './natural-order';
import { mergeAnswers, settleAnswer, type ListAnswer, type ListNotes } from './whole-list';

export interface WholeTasks extends ListNotes {
  /** Each task once, in natural order of their refs (T-2 before T-10). */
  tasks: TaskRow[];
  /** More tasks may exist than shown (some answer was as long as asked). */
  truncated: boolean;
  /** The statuses whose answer may have been cut (asked one status at a time), else []. */
  cutStatuses: TaskStatus[];
  /** How many list requests filled it. */
  requests: number;
}

export type TaskListClient = Pick<Client, 'tasks' | 'openapiDocument'>;

// A T-ref is `T-<number>`: by number is natural order, and cheap for thousands of rows; the ref breaks a tie a service could send.
const byRefName = naturalBy<TaskRow>((t) => t.ref);
const byRef = (a: TaskRow, b: TaskRow) => a.number - b.number || byRefName(a, b);

/**
 * The tasks matching `query`. With `query.limit` set, that one answer (cut when as long as the
 * limit). Without, each status is asked at the service's ceiling (one request per status unless
 * the query names one), so no single cap hides a whole status.
 */
export async function loadWholeTasks(client: TaskListClient, query: TasksQuery = {}, opts?: CallOptions): Promise<WholeTasks> {
  const path = PATHS.tasks();
  if (query.limit !== undefined) {
    const rows = await client.tasks(query, opts);
    const answer = settleAnswer(rows, query.limit, null);
    return { tasks: answer.items, truncated: answer.truncated, cutStatuses: [], repeated: answer.repeated, extra: answer.extra, requests: 1 };
  }
  const published = await listCeiling(client, path);
  const asked = published ?? UNKNOWN_CEILING_ASK;
  const statuses: (TaskStatus | undefined)[] = query.status !== undefined ? [query.status] : [...TASK_STATUSES];
  const got = await Promise.all(statuses.map((status) => askAtMost(asked, published, (limit) => client.tasks({ ...query, status, limit }, opts))));
  let learnt: number | null = null;
  got.forEach(({ rows, asked: askedHere }, i) => {
    learnt = noteAnswerSize(client, path, JSON.stringify({ ...query, status: statuses[i] }), askedHere, rows.length) ?? learnt;
  });
  const ceiling = published ?? learnt;
  const answers: ListAnswer<TaskRow>[] = got.map(({ rows, asked: askedHere }) => settleAnswer(rows, askedHere, ceiling));
  const merged = mergeAnswers(answers);
  const cutStatuses = statuses.filter((status, i): status is TaskStatus => status !== undefined && answers[i]?.truncated === true);
  return { tasks: merged.items.sort(byRef), truncated: merged.truncated, cutStatuses, repeated: merged.repeated, extra: merged.extra, requests: statuses.length };
}
