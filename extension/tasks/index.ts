// Tasks view: grouped by status or epic, filters, inline actions, create.
import * as vscode from 'vscode';
import { TASK_PRIORITY_NAMES, TASK_STATUSES, type PatchTaskInput, type TaskPriority, type TaskRow } from '../../shared/index';
import type { ChannelsFeature } from '../channels/index';
import type { WscServices } from '../context';
import { COMMAND_IDS, VIEWS } from '../ids';
import { describeFilters, hasFilters, STATUS_LABELS, type TaskFilters } from './task-items';
import { TasksTree, type TaskNode } from './tasks-tree';

export interface TasksFeature {
  tree: TasksTree;
  view: vscode.TreeView<TaskNode>;
}

/** Commands get a tree node, a TaskRow, or a ref/id string (from other tools). */
function taskOf(arg: unknown, tree: TasksTree): Promise<TaskRow | undefined> | TaskRow | undefined {
  if (typeof arg === 'object' && arg !== null) {
    const node = arg as Partial<TaskNode> & Partial<TaskRow>;
    if (node.kind === 'task' && 'task' in node && node.task) return node.task;
    if (typeof node.ref === 'string' && typeof node.id === 'string') return node as TaskRow;
  }
  if (typeof arg === 'string') return tree.list().then((tasks) => tasks.find((t) => t.ref === arg || t.id === arg));
  return undefined;
}

export function registerTasks(services: WscServices, channels: ChannelsFeature): TasksFeature {
  const tree = new TasksTree(services);
  const view = vscode.window.createTreeView(VIEWS.tasks, { treeDataProvider: tree, showCollapseAll: true });

  const patch = async (task: TaskRow, input: PatchTaskInput, doing: string) => {
    const done = await services.withClient(`${doing} of ${task.ref}`, (client) => client.patchTask(task.id, input));
    if (done) tree.refresh();
    return done;
  };

  const updateViewDescription = () => {
    const epic = tree.filters.epicId ? tree.findEpic(tree.filters.epicId)?.title : undefined;
    const channel = tree.filters.channelId ? channels.tree.find(tree.filters.channelId)?.name : undefined;
    view.description = hasFilters(tree.filters) ? `Filtered: ${describeFilters(tree.filters, { epic, channel })}` : undefined;
  };

  const withTask = (fn: (task: TaskRow) => Promise<unknown>) => async (arg: unknown) => {
    const task = await taskOf(arg, tree);
    if (task) await fn(task);
  };

  const assigneeChoices = async (task: TaskRow) => {
    const choices: (vscode.QuickPickItem & { patch: PatchTaskInput })[] = [
      { label: '$(person) Me', patch: { assignee_user_id: services.auth.identity?.userId ?? null, assignee_agent_id: null } },
      { label: '$(circle-slash) Unassigned', patch: { assignee_user_id: null, assignee_agent_id: null } },
    ];
    if (task.channel_id) {
      const members = (await services.withClient('load the channel members', (c) => c.members(task.channel_id as string))) ?? [];
      for (const m of members) {
        if (m.id === services.auth.identity?.userId) continue;
        choices.push({
          label: `${m.kind === 'agent' ? '$(hubot)' : '$(account)'} ${m.name}`,
          description: `@${m.handle}`,
          patch: m.kind === 'agent' ? { assignee_agent_id: m.id, assignee_user_id: null } : { assignee_user_id: m.id, assignee_agent_id: null },
        });
      }
    }
    return choices;
  };

  const filter = async () => {
    type Choice = vscode.QuickPickItem & { apply: () => Promise<TaskFilters | undefined> };
    const current = tree.filters;
    const choices: Choice[] = [
      { label: current.mine ? '$(check) Mine only' : 'Mine only', apply: async () => ({ ...current, mine: !current.mine }) },
      {
        label: 'Epic…',
        description: current.epicId ? tree.findEpic(current.epicId)?.title : undefined,
        apply: async () => {
          const epics = (await services.withClient('load the epics', (c) => c.tasks({ kind: 'epic', limit: 200 }))) ?? [];
          const pick = await vscode.window.showQuickPick([{ label: 'Any epic', id: undefined as string | undefined }, ...epics.map((e) => ({ label: `${e.ref} ${e.title}`, id: e.id as string | undefined }))], { placeHolder: 'Epic' });
          return pick ? { ...current, epicId: pick.id } : undefined;
        },
      },
      {
        label: 'Channel…',
        apply: async () => {
          const list = await channels.tree.list();
          const pick = await vscode.window.showQuickPick([{ label: 'Any channel', id: undefined as string | undefined }, ...list.map((c) => ({ label: c.kind === 'dm' ? c.name : `#${c.name}`, id: c.id as string | undefined }))], { placeHolder: 'Channel' });
          return pick ? { ...current, channelId: pick.id } : undefined;
        },
      },
      {
        label: 'Kind…',
        apply: async () => {
          const pick = await vscode.window.showQuickPick(['Any', 'Tasks', 'Epics'], { placeHolder: 'Kind' });
          if (!pick) return undefined;
          return { ...current, kind: pick === 'Tasks' ? 'task' : pick === 'Epics' ? 'epic' : undefined };
        },
      },
      {
        label: 'Text…',
        description: current.text,
        apply: async () => {
          const text = await vscode.window.showInputBox({ prompt: 'Show tasks whose title or description contains', value: current.text ?? '' });
          return text === undefined ? undefined : { ...current, text: text.trim() || undefined };
        },
      },
      { label: 'Clear all filters', apply: async () => ({}) },
    ];
    const choice = await vscode.window.showQuickPick(choices, { placeHolder: 'Filter tasks' });
    const next = await choice?.apply();
    if (next) {
      await tree.setFilters(next);
      updateViewDescription();
    }
  };

  services.register(
    tree,
    view,
    vscode.commands.registerCommand(COMMAND_IDS.refreshTasks, () => tree.refresh()),
    vscode.commands.registerCommand(COMMAND_IDS.groupTasksByStatus, () => tree.setGrouping('status')),
    vscode.commands.registerCommand(COMMAND_IDS.groupTasksByEpic, () => tree.setGrouping('epic')),
    vscode.commands.registerCommand(COMMAND_IDS.filterTasks, filter),
    vscode.commands.registerCommand(COMMAND_IDS.clearTaskFilters, async () => {
      await tree.setFilters({});
      updateViewDescription();
    }),
    vscode.commands.registerCommand(
      COMMAND_IDS.setTaskStatus,
      withTask(async (task) => {
        const pick = await vscode.window.showQuickPick(
          TASK_STATUSES.map((s) => ({ label: STATUS_LABELS[s], description: s === task.status ? 'current' : undefined, status: s })),
          { placeHolder: `Status of ${task.ref}` },
        );
        if (pick && pick.status !== task.status) await patch(task, { status: pick.status }, 'set the status');
      }),
    ),
    vscode.commands.registerCommand(
      COMMAND_IDS.setTaskPriority,
      withTask(async (task) => {
        const priorities: TaskPriority[] = [1, 2, 3, 4, 0];
        const pick = await vscode.window.showQuickPick(
          priorities.map((p) => ({ label: TASK_PRIORITY_NAMES[p], description: p === task.priority ? 'current' : undefined, priority: p })),
          { placeHolder: `Priority of ${task.ref}` },
        );
        if (pick && pick.priority !== task.priority) await patch(task, { priority: pick.priority }, 'set the priority');
      }),
    ),
    vscode.commands.registerCommand(
      COMMAND_IDS.setTaskAssignee,
      withTask(async (task) => {
        const pick = await vscode.window.showQuickPick(await assigneeChoices(task), { placeHolder: `Assign ${task.ref}` });
        if (pick) await patch(task, pick.patch, 'set the assignee');
      }),
    ),
    vscode.commands.registerCommand(
      COMMAND_IDS.appendTaskNote,
      withTask(async (task) => {
        const note = await vscode.window.showInputBox({ title: `Note for ${task.ref}`, prompt: 'Appended to the task description', ignoreFocusOut: true });
        if (note?.trim()) await patch(task, { append_note: note.trim() }, 'append the note');
      }),
    ),
    vscode.commands.registerCommand(
      COMMAND_IDS.openTaskPr,
      withTask(async (task) => {
        if (!task.pr_url) {
          void vscode.window.showInformationMessage(`${task.ref} has no linked pull request.`);
          return;
        }
        await vscode.env.openExternal(vscode.Uri.parse(task.pr_url, true));
      }),
    ),
    vscode.commands.registerCommand(
      COMMAND_IDS.copyTaskRef,
      withTask(async (task) => {
        await vscode.env.clipboard.writeText(task.ref);
        vscode.window.setStatusBarMessage(`Copied ${task.ref}`, 3000);
      }),
    ),
    vscode.commands.registerCommand(COMMAND_IDS.createTask, async (arg?: { title?: string; epicId?: string }) => {
      const title = arg?.title ?? (await vscode.window.showInputBox({ title: 'New task', prompt: 'Title', ignoreFocusOut: true }));
      if (!title?.trim()) return undefined;
      const epicId = arg?.epicId ?? tree.filters.epicId;
      const created = await services.withClient('create the task', (client) => client.createTask({ title: title.trim(), ...(epicId ? { epic_id: epicId } : {}) }));
      if (created) {
        tree.refresh();
        if (!arg?.title) void vscode.window.showInformationMessage(`Created ${created.ref}.`, 'Copy ref').then((c) => c && vscode.env.clipboard.writeText(created.ref));
      }
      return created;
    }),
  );
  return { tree, view };
}
