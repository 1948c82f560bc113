// Tasks: a list or a board by status, with filters; create, change status / priority / assignee,
// append a note and link a pull request (suggested from the current git branch). The data is
// useTasks, the keys tasks-key-map.ts, what they open useTasksPrompts; this file lays it out.
import { Box, Text } from 'ink';
import { useEffect } from 'react';
import { useUiState } from '../state/use-ui-store';
import { TASK_PRIORITY_NAMES, TASK_STATUSES, type Channel, type TaskPriority, type TaskRow } from '../../shared/index';
import { WindowedList } from '../components/WindowedList';
import type { RowTone } from '../theme';
import { moveSelection } from '../windowing';
import { clip, fit, loadingLabel, safeLine, term, type SafeText } from '../format';
import { useKeys } from '../hooks/use-keys';
import { useTasks } from '../hooks/use-tasks';
import { useTasksPrompts } from '../hooks/use-tasks-prompts';
import { NO_FILTER, formatTaskFilter } from '../task-filter';
import { isMoreRow, moreRowText, withMoreRow, type MoreRow } from '../more-row';
import { useUi, type TasksMemory } from '../ui-context';
import { tasksKeyAction, type TasksKeyAction } from '../keys/tasks-key-map';
import { savedAgo } from '../../term/offline-cache';

export interface TasksViewProps {
  channels: Channel[];
  /** The list as it was left for a task's pane. */
  keep?: TasksMemory;
  width: number;
  height: number;
  focused: boolean;
}

const STATUS_ICON: Record<string, string> = { backlog: '·', todo: '○', doing: '◐', in_review: '◑', done: '●', canceled: '✕' };

/** Priority as a mark, so it shows without colour: `!!` urgent, `!` high, nothing otherwise. */
export function priorityMark(t: Pick<TaskRow, 'priority'>): string {
  return t.priority === 1 ? '!!' : t.priority === 2 ? '!' : '';
}

const STATUS_WIDTH = Math.max(...TASK_STATUSES.map((s) => s.length));

/** Status first and fixed-width, so a narrow pane cuts only the title. */
export function taskLine(t: TaskRow): SafeText {
  const kind = t.kind === 'epic' ? ' [epic]' : '';
  const pr = t.pr_url ? ' ⇄PR' : '';
  const mark = priorityMark(t);
  const prio = t.priority > 0 ? ` (${TASK_PRIORITY_NAMES[t.priority as TaskPriority]})` : '';
  return term`${safeLine(STATUS_ICON[t.status] ?? '?')} ${safeLine(t.status.padEnd(STATUS_WIDTH))} ${safeLine(mark.padEnd(2))} ${safeLine(t.ref)} ${safeLine(t.title)}${safeLine(kind)}${safeLine(pr)}${safeLine(prio)}`;
}

/** Where a task's state shows in colour: urgent red, high yellow, done green, canceled grey. */
export function taskTone(t: TaskRow): RowTone | undefined {
  if (t.status === 'canceled') return 'gray';
  if (t.status === 'done') return 'green';
  if (t.priority === 1) return 'red';
  if (t.priority === 2) return 'yellow';
  return undefined;
}

export function TasksView(props: TasksViewProps) {
  const ui = useUi();
  const data = useTasks(props.channels, props.keep?.filter);
  const prompts = useTasksPrompts(data);
  const [board, setBoard] = useUiState(props.keep?.board ?? false);
  const [chosen, setChosen] = useUiState(props.keep?.selected ?? 0);
  const [column, setColumn] = useUiState(props.keep?.column ?? 0);
  // A card moved on the board: the selection goes with it to its new column once the list has it.
  const [follow, setFollow] = useUiState<string | null>(null);

  const list = data.tasks ?? [];
  // A list (or a board column) that may be cut ends with "More… narrow or search": Enter opens the filter.
  const rows = withMoreRow(list, data.truncated);
  const columns = TASK_STATUSES.map((status) => withMoreRow(list.filter((t) => t.status === status), data.cutStatuses.includes(status)));
  const shownRows = (board ? columns[column] : rows) ?? [];
  // The selection as this frame draws it, so a key at the frame meets it: on the followed card once
  // the list has it, else kept on a row when the list shrank under it (a reload, a filter).
  const followed = follow === null ? -1 : shownRows.findIndex((t) => !isMoreRow(t) && t.id === follow);
  const selected = followed >= 0 ? followed : shownRows.length > 0 ? Math.min(chosen, shownRows.length - 1) : chosen;
  // Kept as chosen (what the frame already shows), so the card stays selected when it leaves the followed column's list.
  useEffect(() => {
    if (followed >= 0) setFollow(null);
    if (selected !== chosen) setChosen(selected);
  }, [followed, selected, chosen]);
  /** A key's new selection: the person's own, no longer following a moved card. */
  const setSelected = (index: number): void => {
    setFollow(null);
    setChosen(index);
  };
  const at: TaskRow | MoreRow | undefined = shownRows[selected];
  const onMore = isMoreRow(at);
  const current: TaskRow | undefined = isMoreRow(at) ? undefined : at;

  const carryOut = (action: TasksKeyAction): void => {
    const count = board ? (columns[column]?.length ?? 0) : rows.length;
    switch (action.kind) {
      case 'move':
        return setSelected(moveSelection(selected, action.by, count));
      case 'column':
        setColumn((c) => Math.min(TASK_STATUSES.length - 1, Math.max(0, c + action.by)));
        return setSelected(0);
      case 'toggle-board':
        setBoard((b) => !b);
        return setSelected(0);
      case 'reload':
        return data.reload();
      case 'filter':
        return prompts.filter(() => setSelected(0));
      case 'create':
        return prompts.create();
    }
    if (onMore && action.kind === 'details') return prompts.filter(() => setSelected(0));
    if (current === undefined) return;
    switch (action.kind) {
      case 'status': {
        const moved = current;
        return prompts.status(moved, (status) => {
          if (status === moved.status) return;
          setColumn(TASK_STATUSES.indexOf(status));
          setFollow(moved.id);
        });
      }
      case 'priority':
        return prompts.priority(current);
      case 'assign':
        return void prompts.assign(current);
      case 'note':
        return prompts.note(current);
      case 'link-pr':
        return void prompts.linkPr(current);
      case 'details':
        // Back (Esc) returns to this list as it is now: the filter, the layout and the row.
        ui.replace({ kind: 'tasks', keep: { filter: data.filter, board, column, selected } });
        return ui.navigate({ kind: 'task', taskId: current.id });
    }
  };
  useKeys(
    (input, key) => {
      const action = tasksKeyAction(input, key, { board, hasTask: current !== undefined || onMore });
      if (action === null) return false;
      carryOut(action);
      return true;
    },
    { isActive: props.focused && !ui.keyboardTaken },
  );

  const failed = board && data.loadError !== null ? ` · could not load (r retries): ${data.loadError}` : '';
  const saved = data.savedAt !== null ? ` · saved copy, updated ${savedAgo(data.savedAt)}` : '';
  const more = data.truncated ? ', more exist: f narrows' : '';
  const notes = data.notes !== null ? ` · ${data.notes}` : '';
  const title = `Tasks${board ? ' board' : ''} (${list.length}${more})${notes}${data.filter === NO_FILTER ? '' : ` · filter: ${formatTaskFilter(data.filter) || 'none'}`}${saved}${failed} · s p a N l n f b`;
  const bodyHeight = props.height - 1;
  let body;
  if (!board) {
    body = (
      <WindowedList items={rows} selected={selected} height={bodyHeight} width={props.width} focused={props.focused} color={ui.color} empty={data.loadError !== null ? `Could not load tasks (r retries): ${data.loadError}` : data.tasks === null ? loadingLabel(ui.offline) : 'No task matches.'} render={(row) => (isMoreRow(row) ? safeLine(moreRowText('f')) : taskLine(row))} tone={(row) => (isMoreRow(row) ? 'cyan' : taskTone(row))} />
    );
  } else {
    const colWidth = Math.max(8, Math.floor(props.width / TASK_STATUSES.length));
    body = (
      <Box flexDirection="row" height={bodyHeight}>
        {TASK_STATUSES.map((status, c) => (
          <Box key={status} flexDirection="column" width={colWidth}>
            <Text bold={ui.color} underline={ui.color && c === column} wrap="truncate">
              {fit(safeLine(`${c === column ? '▸' : ' '}${status} ${columns[c]?.filter((t) => !isMoreRow(t)).length ?? 0}${data.cutStatuses.includes(status) ? '+' : ''}`), colWidth)}
            </Text>
            <WindowedList
              items={columns[c] ?? []}
              selected={c === column ? selected : -1}
              height={bodyHeight - 1}
              width={colWidth}
              focused={props.focused && c === column}
              color={ui.color}
              empty=" "
              render={(t) => (isMoreRow(t) ? safeLine('More… (f)') : term`${safeLine(priorityMark(t) ? `${priorityMark(t)} ` : '')}${safeLine(t.ref)} ${safeLine(t.title)}`)}
              tone={(t) => (isMoreRow(t) ? 'cyan' : taskTone(t))}
            />
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={ui.color} wrap="truncate">
        {clip(safeLine(title), props.width)}
      </Text>
      {body}
    </Box>
  );
}
