// Tasks: a list or a board by status, with filters; create, change status / priority / assignee,
// append a note and link a pull request (suggested from the current git branch).
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useEffect, useState } from 'react';
import { TASK_PRIORITY_NAMES, TASK_STATUSES, checkPrUrlInput, newPullRequestUrl, taskRefFromBranch, type Channel, type PatchTaskInput, type TaskPriority, type TaskRow } from '../../shared/index';
import { clip, fit, safeLine } from '../format';
import { readGitContext } from '../../term/git';
import { NO_FILTER, formatTaskFilter, parseTaskFilter, taskQuery, type TaskFilter } from '../task-filter';
import { useUi } from '../ui-context';
import { WindowedList, moveSelection } from '../components/WindowedList';

export interface TasksViewProps {
  channels: Channel[];
  width: number;
  height: number;
  focused: boolean;
}

const STATUS_ICON: Record<string, string> = { backlog: '·', todo: '○', doing: '◐', in_review: '◑', done: '●', canceled: '✕' };

export function taskLine(t: TaskRow): string {
  const prio = t.priority > 0 ? ` !${TASK_PRIORITY_NAMES[t.priority as TaskPriority]}` : '';
  const kind = t.kind === 'epic' ? ' [epic]' : '';
  const pr = t.pr_url ? ' ⇄PR' : '';
  return `${STATUS_ICON[t.status] ?? '?'} ${t.ref} ${safeLine(t.title)}${kind}${prio}${pr}  (${t.status})`;
}

export function TasksView(props: TasksViewProps) {
  const ui = useUi();
  const [tasks, setTasks] = useState<TaskRow[] | null>(null);
  const [filter, setFilter] = useState<TaskFilter>(NO_FILTER);
  const [board, setBoard] = useState(false);
  const [selected, setSelected] = useState(0);
  const [column, setColumn] = useState(0);
  const [epics, setEpics] = useState<TaskRow[]>([]);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let alive = true;
    void (async () => {
      try {
        const epicList = filter.epic ? await ui.client.tasks({ kind: 'epic', limit: 200 }) : epics;
        const list = await ui.client.tasks(taskQuery(filter, props.channels, (ref) => epicList.find((e) => e.ref === ref)?.id));
        if (!alive) return;
        if (filter.epic) setEpics(epicList);
        setTasks(list);
        ui.connectionOk();
      } catch (error) {
        if (alive) ui.showError(error, 'load tasks');
      }
    })();
    return () => {
      alive = false;
    };
  }, [filter, reloads]);

  const list = tasks ?? [];
  const columns = TASK_STATUSES.map((status) => list.filter((t) => t.status === status));
  const current: TaskRow | undefined = board ? columns[column]?.[selected] : list[selected];
  const reload = () => setReloads((n) => n + 1);

  const patch = async (task: TaskRow, input: PatchTaskInput, what: string) => {
    try {
      const r = await ui.client.patchTask(task.ref, input);
      ui.info(`${r.ref}: ${what}`);
      reload();
    } catch (error) {
      ui.showError(error, `update ${task.ref}`);
    }
  };

  const chooseAssignee = async (task: TaskRow) => {
    const channelId = task.channel_id ?? props.channels[0]?.id;
    let members: Awaited<ReturnType<typeof ui.client.members>> = [];
    try {
      if (channelId) members = await ui.client.members(channelId);
    } catch (error) {
      ui.showError(error, 'list members');
    }
    type Who = { user: string | null; agent: string | null; label: string };
    const options: { label: string; value: Who }[] = [
      { label: `me (${safeLine(ui.me.name)})`, value: { user: ui.me.userId, agent: null, label: 'assigned to me' } },
      { label: 'nobody', value: { user: null, agent: null, label: 'unassigned' } },
      ...members
        .filter((m) => m.id !== ui.me.userId)
        .map((m) => ({
          label: `${safeLine(m.name)} ${m.kind === 'agent' ? '[agent]' : ''}`,
          value: { user: m.kind === 'person' ? m.id : null, agent: m.kind === 'agent' ? m.id : null, label: `assigned to ${safeLine(m.name)}` },
        })),
    ];
    ui.openPicker({ title: `Assign ${task.ref} to`, options, onPick: (w) => patch(task, { assignee_user_id: w.user, assignee_agent_id: w.agent }, w.label) });
  };

  const linkPr = async (task: TaskRow) => {
    const context = await readGitContext(ui.cwd);
    const git =
      context?.branch && context.remoteUrl
        ? { branch: context.branch, taskRef: taskRefFromBranch(context.branch), newPrUrl: newPullRequestUrl(context.remoteUrl, context.branch) }
        : null;
    const hint = git
      ? `On branch ${safeLine(git.branch)}${git.taskRef ? ` (${git.taskRef})` : ''}${git.taskRef && git.taskRef !== task.ref ? ` — not ${task.ref}!` : ''}${git.newPrUrl ? ` · open one: ${git.newPrUrl}` : ''}`
      : 'Paste the pull request address; leave empty to unlink.';
    ui.openPrompt({
      title: `Pull request of ${task.ref}`,
      initial: task.pr_url ?? '',
      hint,
      onSubmit: async (value) => {
        const check = checkPrUrlInput(value);
        if (check.kind === 'invalid') return ui.showError(Object.assign(new Error(check.message), { hint: check.hint }));
        if (check.kind === 'unlink') return patch(task, { pr_url: '' }, 'pull request unlinked');
        const input: PatchTaskInput = { pr_url: check.url };
        if (check.pr) {
          input.pr_number = check.pr.number;
          input.repo_full_name = check.pr.repo_full_name;
        }
        if (git && git.taskRef === task.ref) input.branch = git.branch;
        return patch(task, input, `linked ${check.url}`);
      },
    });
  };

  useKeys(
    (input, key) => {
      const count = board ? (columns[column]?.length ?? 0) : list.length;
      if (key.downArrow || input === 'j') setSelected((s) => moveSelection(s, 1, count));
      else if (key.upArrow || input === 'k') setSelected((s) => moveSelection(s, -1, count));
      else if (key.pageDown) setSelected((s) => moveSelection(s, 10, count));
      else if (key.pageUp) setSelected((s) => moveSelection(s, -10, count));
      else if (board && (key.leftArrow || input === 'h')) {
        setColumn((c) => Math.max(0, c - 1));
        setSelected(0);
      } else if (board && (key.rightArrow || input === 'l' || key.rightArrow)) {
        setColumn((c) => Math.min(TASK_STATUSES.length - 1, c + 1));
        setSelected(0);
      } else if (input === 'b') {
        setBoard((b) => !b);
        setSelected(0);
      } else if (input === 'r') reload();
      else if (input === 'f')
        ui.openPrompt({
          title: 'Filter tasks',
          initial: formatTaskFilter(filter),
          hint: 'mine · epic:T-1 · channel:name · kind:task|epic · status:doing · free text; empty clears',
          onSubmit: (v) => {
            setFilter(parseTaskFilter(v));
            setSelected(0);
          },
        });
      else if (input === 'n')
        ui.openPrompt({
          title: 'New task title',
          onSubmit: async (title) => {
            if (title.trim() === '') return;
            try {
              const channelId = filter.channel ? props.channels.find((c) => c.name === filter.channel)?.id : undefined;
              const r = await ui.client.createTask({ title: title.trim(), kind: filter.kind ?? 'task', ...(channelId ? { channel_id: channelId } : {}) });
              ui.info(`created ${r.ref}`);
              reload();
            } catch (error) {
              ui.showError(error, 'create the task');
            }
          },
        });
      else if (current && input === 's')
        ui.openPicker({
          title: `Status of ${current.ref}`,
          options: TASK_STATUSES.map((s) => ({ label: s, value: s })),
          selected: TASK_STATUSES.indexOf(current.status),
          onPick: (status) => patch(current, { status }, `status ${status}`),
        });
      else if (current && input === 'p')
        ui.openPicker({
          title: `Priority of ${current.ref}`,
          options: ([0, 1, 2, 3, 4] as TaskPriority[]).map((p) => ({ label: TASK_PRIORITY_NAMES[p], value: p })),
          selected: current.priority,
          onPick: (priority) => patch(current, { priority }, `priority ${TASK_PRIORITY_NAMES[priority]}`),
        });
      else if (current && input === 'a') void chooseAssignee(current);
      else if (current && input === 'N')
        ui.openPrompt({ title: `Note for ${current.ref}`, onSubmit: (note) => (note.trim() ? patch(current, { append_note: note.trim() }, 'note added') : undefined) });
      else if (current && input === 'l') void linkPr(current);
      else if (current && key.return)
        ui.info(
          `${current.ref} · ${current.status} · priority ${TASK_PRIORITY_NAMES[current.priority as TaskPriority]} · ${current.assignee_user_id || current.assignee_agent_id ? 'assigned' : 'unassigned'}${current.pr_url ? ` · ${safeLine(current.pr_url)}` : ''}`,
        );
    },
    { isActive: props.focused && !ui.keyboardTaken },
  );

  const title = `Tasks${board ? ' board' : ''} (${list.length})${filter === NO_FILTER ? '' : ` · filter: ${formatTaskFilter(filter) || 'none'}`} · s p a N l n f b`;
  const bodyHeight = props.height - 1;
  let body;
  if (!board) {
    body = (
      <WindowedList items={list} selected={selected} height={bodyHeight} width={props.width} focused={props.focused} color={ui.color} empty={tasks === null ? 'loading…' : 'No task matches.'} render={taskLine} />
    );
  } else {
    const colWidth = Math.max(8, Math.floor(props.width / TASK_STATUSES.length));
    body = (
      <Box flexDirection="row" height={bodyHeight}>
        {TASK_STATUSES.map((status, c) => (
          <Box key={status} flexDirection="column" width={colWidth}>
            <Text bold={ui.color} underline={ui.color && c === column} wrap="truncate">
              {fit(`${c === column ? '▸' : ' '}${status} ${columns[c]?.length ?? 0}`, colWidth)}
            </Text>
            <WindowedList
              items={columns[c] ?? []}
              selected={c === column ? selected : -1}
              height={bodyHeight - 1}
              width={colWidth}
              focused={props.focused && c === column}
              color={ui.color}
              empty=" "
              render={(t) => `${t.ref} ${safeLine(t.title)}`}
            />
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={ui.color} wrap="truncate">
        {clip(title, props.width)}
      </Text>
      {body}
    </Box>
  );
}
