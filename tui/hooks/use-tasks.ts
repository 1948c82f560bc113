// The tasks the Tasks view shows: the whole list for the current filter (each status asked at the
// service's most, shared/lists), whether more may exist, epics looked up when the filter names one;
// reloaded on demand, and the changes that reload them (patch, create).
import { storeOpening } from '../first-frame';
import { useEffect, useRef } from 'react';
import { useUiState } from '../state/use-ui-store';
import { cacheOf, isWorthQueueing, listNotesText, loadWholeTasks, type Channel, type Member, type PatchTaskInput, type TaskRow, type TaskStatus } from '../../shared/index';
import { isOutboxSession, loadOutboxSession } from './use-outbox';
import { describeError } from '../format';
import { NO_FILTER, taskQuery, type TaskFilter } from '../task-filter';
import { useUi } from '../ui-context';

export interface TasksData {
  /** null until the first load answers. */
  tasks: TaskRow[] | null;
  /** More tasks may exist than shown (the view ends with "More… narrow or search"). */
  truncated: boolean;
  /** The statuses whose answer may have been cut (the board's columns end with "More…"). */
  cutStatuses: readonly TaskStatus[];
  /** What the service got wrong (rows sent twice, more than asked), or null. */
  notes: string | null;
  /** Why the last load failed (shown in the pane until a load succeeds; r retries). */
  loadError: string | null;
  /** When the tasks shown were saved, while they are the offline cache's copy; null once the service answered. */
  savedAt: number | null;
  filter: TaskFilter;
  setFilter(filter: TaskFilter): void;
  reload(): void;
  /** Sends the patch; the status line says `T-3: <what>` or the error. Resolves whether it was saved. */
  patch(task: TaskRow, input: PatchTaskInput, what: string): Promise<boolean>;
  /** Creates a task in the filter's kind and channel. */
  create(title: string): Promise<void>;
  /** The members of the task's channel (else of the first channel); [] after saying why not. */
  members(task: TaskRow): Promise<Member[]>;
}

export function useTasks(channels: readonly Channel[], initialFilter: TaskFilter = NO_FILTER): TasksData {
  const ui = useUi();
  // The kept list stands for the unfiltered view only (a filter's answer is never kept).
  const kept = (f: TaskFilter) => (f === NO_FILTER ? cacheOf(ui.client)?.get<TaskRow[]>('tasks') : undefined);
  const [tasks, setTasks] = useUiState<TaskRow[] | null>(() => kept(initialFilter)?.value ?? null);
  const [savedAt, setSavedAt] = useUiState<number | null>(() => kept(initialFilter)?.savedAt ?? null);
  const [filter, setFilter] = useUiState<TaskFilter>(initialFilter);
  const [epics, setEpics] = useUiState<TaskRow[]>([]);
  const [reloads, setReloads] = useUiState(0);
  const [loadError, setLoadError] = useUiState<string | null>(null);
  const [cut, setCut] = useUiState<{ truncated: boolean; cutStatuses: readonly TaskStatus[]; notes: string | null }>({ truncated: false, cutStatuses: [], notes: null });

  // Rows of another filter are never shown under this one (a key would act on a task the filter left out).
  const shownFilter = useRef(filter);
  useEffect(() => {
    let alive = true;
    setLoadError(null);
    if (shownFilter.current !== filter) {
      shownFilter.current = filter;
      setTasks(null);
    }
    void (async () => {
      try {
        const epicList = filter.epic ? (await loadWholeTasks(ui.client, { kind: 'epic' })).tasks : epics;
        const whole = await loadWholeTasks(ui.client, taskQuery(filter, channels, (ref) => epicList.find((e) => e.ref === ref)?.id));
        if (!alive) return;
        if (filter.epic) setEpics(epicList);
        setTasks(whole.tasks);
        setCut({ truncated: whole.truncated, cutStatuses: whole.cutStatuses, notes: listNotesText(whole) });
        // Asked per status, the whole list is no single unfiltered answer: kept here for the next
        // start, after the frame that shows it (a write of thousands of rows waits that long).
        if (filter === NO_FILTER) setTimeout(() => keep(whole.tasks), 0);
        setSavedAt(null);
        ui.connectionOk();
      } catch (error) {
        if (!alive) return;
        ui.showError(error, 'load tasks');
        // The store opens after the first frame: a load that failed before it had opened waits for it.
        if (isWorthQueueing(error) && cacheOf(ui.client) === undefined) await storeOpening()?.catch(() => undefined);
        if (!alive) return;
        const copy = isWorthQueueing(error) ? kept(filter) : undefined;
        if (copy) {
          setTasks(copy.value);
          setCut({ truncated: false, cutStatuses: [], notes: null });
          setSavedAt(copy.savedAt);
        } else {
          setLoadError(describeError(error).message);
        }
      }
    })();
    return () => {
      alive = false;
    };
  }, [filter, reloads]);

  const reload = () => setReloads((n) => n + 1);
  const keep = (list: TaskRow[]) => {
    try {
      cacheOf(ui.client)?.put('tasks', '', list);
    } catch {
      // A busy or broken cache only means less is kept.
    }
  };

  return {
    tasks,
    ...cut,
    savedAt,
    loadError,
    filter,
    setFilter,
    reload,
    async patch(task, input, what) {
      // The one send policy: through the account's outbox, sent now or when the service is back.
      const outbox = await loadOutboxSession(ui.client, ui.me);
      if (!isOutboxSession(outbox)) {
        ui.showError(outbox, `update ${task.ref}`);
        return false;
      }
      const outcome = await (await outbox.send({ kind: 'task_update', taskRef: task.ref, patch: input })).settled;
      switch (outcome.kind) {
        case 'sent':
          ui.info(`${task.ref}: ${what}`);
          reload();
          return true;
        case 'queued':
          ui.info(`${task.ref}: ${what} · pending, sent when the service is back`, { sticky: true });
          return true;
        case 'refused':
          ui.showError(outcome.error, `update ${task.ref}`);
          return false;
        case 'dropped':
          return false;
      }
    },
    async create(title) {
      try {
        const channelId = filter.channel ? channels.find((c) => c.name === filter.channel)?.id : undefined;
        const r = await ui.client.createTask({ title, kind: filter.kind ?? 'task', ...(channelId ? { channel_id: channelId } : {}) });
        ui.info(`created ${r.ref}`);
        reload();
      } catch (error) {
        ui.showError(error, 'create the task');
      }
    },
    async members(task) {
      const channelId = task.channel_id ?? channels[0]?.id;
      try {
        return channelId ? await ui.client.members(channelId) : [];
      } catch (error) {
        ui.showError(error, 'list members');
        return [];
      }
    },
  };
}
