/**
 * Saved task views: named task queries a person keeps in a setting (VS Code's `wsc.tasks.queries`),
 * each shown as its own section. Checked here entry by entry, so one bad entry is said (what is
 * wrong, how to fix it) while the others still show; read as a whole list (shared/lists), so a view
 * holds every matching task up to the service's ceiling and says when it may hold more.
 */
import { everyone, matchPeople, personQuery } from '../channels/people';
import type { Client } from '../client';
import { LIMITS, TASK_REF_PATTERN, TASK_STATUSES, type Member, type TaskStatus, type TasksQuery } from '../contract';
import { NotFoundError } from '../errors';
import { loadWholeTasks, type WholeTasks } from '../lists/task-lists';
import { matchesTaskFields } from './field-filter';
import { readTask } from './read-task';

export interface SavedTaskView {
  /** The section's name. */
  label: string;
  status?: TaskStatus;
  /** `me`, an @handle, a handle or name, or an id. */
  assignee?: string;
  /** The epic's T-ref (`T-1`) or id. */
  epic?: string;
  /** Every one of these task labels (case-insensitive). */
  labels: string[];
  /** Text over title and description. */
  text?: string;
}

/** One entry of the setting: a view, or what is wrong with it and how to fix it. */
export type SavedTaskViewEntry = { kind: 'view'; index: number; view: SavedTaskView } | { kind: 'invalid'; index: number; label?: string; problem: string; fix: string };

export const SAVED_VIEW_FIELDS = ['label', 'status', 'assignee', 'epic', 'labels', 'text'] as const;

const EXAMPLE = '{ "label": "My bugs", "assignee": "me", "labels": ["bug"] }';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The entries of the setting's value, in order; anything that is not a list is one invalid entry. */
export function parseSavedTaskViews(value: unknown): SavedTaskViewEntry[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return [{ kind: 'invalid', index: 0, problem: 'The saved views setting is not a list.', fix: `Write it as a list of views, e.g. [${EXAMPLE}].` }];
  return value.map((entry, index) => parseEntry(entry, index));
}

function parseEntry(entry: unknown, index: number): SavedTaskViewEntry {
  const invalid = (problem: string, fix: string, label?: string): SavedTaskViewEntry => ({ kind: 'invalid', index, ...(label !== undefined ? { label } : {}), problem, fix });
  if (!isObject(entry)) return invalid(`View ${index + 1} is not an object.`, `Write it as ${EXAMPLE}.`);
  const label = typeof entry.label === 'string' ? entry.label.trim() : '';
  if (label === '') return invalid(`View ${index + 1} has no label.`, 'Give it a "label": the name its section shows.');
  const unknown = Object.keys(entry).filter((key) => !(SAVED_VIEW_FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0) return invalid(`"${unknown[0]}" is not a field of a saved view.`, `Use only ${SAVED_VIEW_FIELDS.join(', ')}.`, label);
  const view: SavedTaskView = { label, labels: [] };
  const textField = (name: 'assignee' | 'epic' | 'text'): string | SavedTaskViewEntry | undefined => {
    const v = entry[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || v.trim() === '') return invalid(`"${name}" is not a non-empty text.`, `Write "${name}" as text, or leave it out.`, label);
    return v.trim();
  };
  if (entry.status !== undefined) {
    if (typeof entry.status !== 'string' || !(TASK_STATUSES as readonly string[]).includes(entry.status)) {
      return invalid(`"status" ${JSON.stringify(entry.status)} is not a task status.`, `Use one of ${TASK_STATUSES.join(', ')}, or leave it out.`, label);
    }
    view.status = entry.status as TaskStatus;
  }
  const assignee = textField('assignee');
  if (typeof assignee === 'object') return assignee;
  if (assignee !== undefined) view.assignee = assignee;
  const epic = textField('epic');
  if (typeof epic === 'object') return epic;
  if (epic !== undefined) view.epic = TASK_REF_PATTERN.test(epic.toUpperCase()) ? epic.toUpperCase() : epic;
  const text = textField('text');
  if (typeof text === 'object') return text;
  if (text !== undefined) {
    if (text.length > LIMITS.queryTextMax) return invalid(`"text" is longer than ${LIMITS.queryTextMax} characters.`, 'Shorten it.', label);
    view.text = text;
  }
  if (entry.labels !== undefined) {
    const labels = typeof entry.labels === 'string' ? [entry.labels] : entry.labels;
    if (!Array.isArray(labels) || labels.some((l) => typeof l !== 'string' || l.trim() === '')) {
      return invalid('"labels" is not a list of task labels.', 'Write it as ["bug"] or ["bug", "search"] (a task shows when it has every one).', label);
    }
    view.labels = labels.map((l) => (l as string).trim());
  }
  return { kind: 'view', index, view };
}

export type SavedViewClient = Pick<Client, 'tasks' | 'openapiDocument' | 'channels' | 'members' | 'readAction'>;

/** A view's tasks, or why they cannot be read (what happened, what to do). */
export type SavedViewResult = { kind: 'tasks'; whole: WholeTasks } | { kind: 'problem'; problem: string; fix: string };

export interface SavedViewReadOptions {
  /** The people of the caller's channels, when already read (several views share one read). */
  people?: () => Promise<Member[]>;
}

/** Reads `view`'s tasks: the service filters by status, assignee, epic and text; labels are matched here. */
export async function loadSavedTaskView(client: SavedViewClient, view: SavedTaskView, options: SavedViewReadOptions = {}): Promise<SavedViewResult> {
  const query: TasksQuery = {};
  if (view.status) query.status = view.status;
  if (view.text) query.q = view.text;
  if (view.assignee !== undefined) {
    const person = personQuery(view.assignee);
    if (person.kind === 'me') query.assignee = 'me';
    else if (person.kind === 'id') query.assignee = person.id;
    else {
      const matches = matchPeople(await (options.people ?? (() => everyone(client)))(), person.wanted);
      if (matches.length === 0) return { kind: 'problem', problem: `Nobody called '${view.assignee}' is in the channels you can read.`, fix: "Set \"assignee\" to 'me', an @handle of a channel member, or an id." };
      if (matches.length > 1) return { kind: 'problem', problem: `'${view.assignee}' names ${matches.length} people (${matches.map((m) => `@${m.handle}`).join(', ')}).`, fix: 'Set "assignee" to one @handle.' };
      query.assignee = (matches[0] as Member).id;
    }
  }
  if (view.epic !== undefined) {
    if (TASK_REF_PATTERN.test(view.epic)) {
      try {
        query.epic_id = (await readTask(client, view.epic)).id;
      } catch (error) {
        if (error instanceof NotFoundError) return { kind: 'problem', problem: `No task ${view.epic} is visible to you.`, fix: 'Set "epic" to the T-ref of an epic you can see (Go to Task finds one).' };
        throw error;
      }
    } else query.epic_id = view.epic;
  }
  const whole = await loadWholeTasks(client, query);
  return view.labels.length === 0 ? { kind: 'tasks', whole } : { kind: 'tasks', whole: { ...whole, tasks: whole.tasks.filter((t) => matchesTaskFields(t, { labels: view.labels })) } };
}
