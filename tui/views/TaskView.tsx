// One task as a pane: its fields with names instead of ids (assignee, channel, epic), then the
// description with its progress notes, rendered as Markdown. Esc goes back to the list.
import { useEffect, useMemo } from 'react';
import { useUiState } from '../state/use-ui-store';
import { keptTask, readTask, renderMarkdownTerminal, safeLines, taskFieldRows, taskNames, wrapSafe, type KeptTask, type Task, type TaskNames } from '../../shared/index';
import { savedAgo } from '../../term/offline-cache';
import { useKeptThenLive } from '../hooks/use-kept-then-live';
import { ScrollingText } from '../components/ScrollingText';
import { loadingLabel, safeLine, shortTime, term, type SafeText } from '../format';
import { useKeys } from '../hooks/use-keys';
import { taskKeyAction } from '../keys/task-key-map';
import { useUi } from '../ui-context';

export interface TaskViewProps {
  taskId: string;
  width: number;
  height: number;
  focused: boolean;
}

/** Rows whose value is a time: shown as messages show theirs ("14:05", "Nov 22 08:00"), not ISO. */
const TIME_ROWS = new Set(['created', 'updated']);

/** The task's field rows ("status       doing"), leaving out empty ones. */
export function taskFieldLines(t: Task, names: TaskNames | null, now = new Date()): SafeText[] {
  return taskFieldRows(t, names).map(([name, value]) => safeLine(`${name.padEnd(13)}${TIME_ROWS.has(name) ? shortTime(value, now) || value : value}`));
}

export function TaskView(props: TaskViewProps) {
  const ui = useUi();
  const [names, setNames] = useUiState<TaskNames | null>(null);
  const data = useKeptThenLive<KeptTask>(
    'open the task',
    (cache) => keptTask(cache, props.taskId),
    async () => ({ task: await readTask(ui.client, props.taskId), whole: true }),
    [props.taskId],
  );
  const task = data.value?.task ?? null;

  useEffect(() => {
    if (!task) return;
    let alive = true;
    // Names failing (offline) leave the ids shown.
    taskNames(ui.client, task).then(
      (n) => alive && setNames(n),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [task]);

  // r reads the task again (after an error the pane says so and waits for it).
  useKeys(
    (input, key) => {
      if (taskKeyAction(input, key)?.kind !== 'reload') return false;
      data.reload();
      return true;
    },
    { isActive: props.focused && !ui.keyboardTaken },
  );

  const failure = data.failure;
  const lines = useMemo(() => {
    if (!task) return failure ? [term`Could not open the task: ${failure.message}`, ...(failure.hint ? [failure.hint] : []), term``, term`Press r to try again, Esc to go back.`] : [];
    const width = Math.max(10, props.width - 1);
    const description = !data.value?.whole
      ? [term`(the description was not kept offline; it shows when the service answers · r retries)`]
      : task.description.trim() === ''
        ? [term`(no description)`]
        : safeLines(renderMarkdownTerminal(task.description, { width, color: ui.color }));
    return [...taskFieldLines(task, names), term``, ...description].flatMap((l) => wrapSafe(l, width));
  }, [task, data.value?.whole, names, failure, props.width, ui.color]);

  const saved = data.savedAt !== null ? ` · saved copy, updated ${savedAgo(data.savedAt)}` : '';
  const title = task
    ? safeLine(`${task.ref} ${task.title}${task.kind === 'epic' ? ' [epic]' : ''}${saved} · Esc back`)
    : failure
      ? term`Could not open the task · r retries · Esc back`
      : safeLine(loadingLabel(ui.offline));
  return <ScrollingText title={title} lines={lines} width={props.width} height={props.height} focused={props.focused} color={ui.color} keyboardTaken={ui.keyboardTaken} />;
}
