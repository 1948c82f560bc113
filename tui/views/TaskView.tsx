// One task as a pane: its fields with names instead of ids (assignee, channel, epic), then the
// description with its progress notes, rendered as Markdown. Esc goes back to the list.
import { useEffect, useMemo } from 'react';
import { useUiState } from '../state/use-ui-store';
import { readTask, renderMarkdownTerminal, safeLines, taskFieldRows, taskNames, wrapSafe, type Task, type TaskNames } from '../../shared/index';
import { ScrollingText } from '../components/ScrollingText';
import { describeError, safeLine, term, type SafeText } from '../format';
import { useKeys } from '../hooks/use-keys';
import { taskKeyAction } from './task-key-map';
import { useUi } from '../ui-context';

export interface TaskViewProps {
  taskId: string;
  width: number;
  height: number;
  focused: boolean;
}

/** The task's field rows ("status       doing"), leaving out empty ones. */
export function taskFieldLines(t: Task, names: TaskNames | null): SafeText[] {
  return taskFieldRows(t, names).map(([name, value]) => safeLine(`${name.padEnd(13)}${value}`));
}

export function TaskView(props: TaskViewProps) {
  const ui = useUi();
  const [task, setTask] = useUiState<Task | null>(null);
  const [names, setNames] = useUiState<TaskNames | null>(null);
  const [failure, setFailure] = useUiState<{ message: SafeText; hint: SafeText } | null>(null);
  const [reloads, setReloads] = useUiState(0);

  useEffect(() => {
    let alive = true;
    let read = false;
    setFailure(null);
    void (async () => {
      try {
        const t = await readTask(ui.client, props.taskId);
        if (!alive) return;
        read = true;
        setTask(t);
        ui.connectionOk();
        const n = await taskNames(ui.client, t);
        if (alive) setNames(n);
      } catch (error) {
        if (!alive) return;
        ui.showError(error, 'open the task');
        // The pane says why only when it has no task to show (names failing leave the task shown).
        if (!read) setFailure(describeError(error));
      }
    })();
    return () => {
      alive = false;
    };
  }, [props.taskId, reloads]);

  // r reads the task again (after an error the pane says so and waits for it).
  useKeys(
    (input) => {
      if (taskKeyAction(input)?.kind !== 'reload') return false;
      setReloads((n) => n + 1);
    },
    { isActive: props.focused && !ui.keyboardTaken },
  );

  const lines = useMemo(() => {
    if (!task) return failure ? [term`Could not open the task: ${failure.message}`, ...(failure.hint ? [failure.hint] : []), term``, term`Press r to try again, Esc to go back.`] : [];
    const width = Math.max(10, props.width - 1);
    const description = task.description.trim() === '' ? [term`(no description)`] : safeLines(renderMarkdownTerminal(task.description, { width, color: ui.color }));
    return [...taskFieldLines(task, names), term``, ...description].flatMap((l) => wrapSafe(l, width));
  }, [task, names, failure, props.width, ui.color]);

  const title = task ? safeLine(`${task.ref} ${task.title}${task.kind === 'epic' ? ' [epic]' : ''} · Esc back`) : failure ? term`Could not open the task · r retries · Esc back` : term`loading…`;
  return <ScrollingText title={title} lines={lines} width={props.width} height={props.height} focused={props.focused} color={ui.color} keyboardTaken={ui.keyboardTaken} />;
}
