// Tasks view: grouped by status or epic, filters, inline actions, create. Registration only: the
// questions and patches are vscode-free (task-edits.ts, task-filter-flow.ts, task-create.ts).
import * as vscode from 'vscode';
import { showSavedCopyMark } from '../offline/saved-copy-mark';
import { loadWholeTasks, roomLabel, setListLocale, type TaskRow } from '../../shared/index';
import type { ChannelsFeature } from '../channels/index';
import type { WscServices } from '../context';
import { COMMAND_IDS, VIEWS } from '../ids';
import { taskOf } from './task-arg';
import { createTaskArg, createTaskFlow } from './task-create';
import { askNote, chooseAssignee, choosePriority, chooseStatus, type TaskEdit } from './task-edits';
import { chooseFilters } from './task-filter-flow';
import { describeFilters, hasFilters, type TaskFilters } from './task-items';
import { copyTaskRef, openTaskPr } from './task-links';
import { TasksTree, type TaskNode } from './tasks-tree';
import { vscodeQuestions as ask } from '../vscode-questions';

export interface TasksFeature {
  tree: TasksTree;
  view: vscode.TreeView<TaskNode>;
}

export function registerTasks(services: WscServices, channels: ChannelsFeature): TasksFeature {
  // Lists and trees sort names as people read them in VS Code's display language (shared/lists).
  setListLocale(vscode.env.language);
  const tree = new TasksTree(services);
  const view = vscode.window.createTreeView(VIEWS.tasks, { treeDataProvider: tree, showCollapseAll: true });
  tree.onMessage = (message) => (view.message = message);

  const apply = async (task: TaskRow, edit: TaskEdit | undefined) => {
    if (!edit) return;
    const done = await services.sendWrite(edit.headline, { kind: 'task_update', taskRef: task.id, patch: edit.patch });
    if (done?.kind === 'sent') tree.refresh();
  };
  const withTask = (fn: (task: TaskRow) => Promise<unknown>) => async (arg: unknown) => {
    const task = await taskOf(arg, () => tree.list());
    if (task) await fn(task);
  };
  const members = async (task: TaskRow) => (task.channel_id ? ((await services.withClient(vscode.l10n.t('Could not load the channel members'), (c) => c.members(task.channel_id as string))) ?? []) : []);
  const me = () => {
    const identity = services.auth.identity;
    return identity ? { userId: identity.userId, name: identity.name } : null;
  };
  const setFilters = async (filters: TaskFilters | undefined) => {
    if (!filters) return;
    await tree.setFilters(filters);
    const epic = tree.filters.epicId ? tree.findEpic(tree.filters.epicId)?.title : undefined;
    const room = tree.filters.channelId ? channels.tree.find(tree.filters.channelId) : undefined;
    const channel = room ? roomLabel(room, services.auth.identity) : undefined;
    view.description = hasFilters(tree.filters) ? vscode.l10n.t('Filtered: {0}', describeFilters(tree.filters, { epic, channel })) : undefined;
  };

  services.register(
    tree,
    view,
    showSavedCopyMark(view, tree, services.auth),
    vscode.commands.registerCommand(COMMAND_IDS.refreshTasks, () => tree.refresh()),
    vscode.commands.registerCommand(COMMAND_IDS.groupTasksByStatus, () => tree.setGrouping('status')),
    vscode.commands.registerCommand(COMMAND_IDS.groupTasksByEpic, () => tree.setGrouping('epic')),
    vscode.commands.registerCommand(COMMAND_IDS.filterTasks, async () =>
      setFilters(
        await chooseFilters(tree.filters, ask, {
          epicTitle: (id) => tree.findEpic(id)?.title,
          epics: () => services.withClient(vscode.l10n.t('Could not load the epics'), async (c) => (await loadWholeTasks(c, { kind: 'epic' })).tasks),
          channels: () => channels.tree.list(),
          selfName: () => services.auth.identity?.name,
        }),
      ),
    ),
    vscode.commands.registerCommand(COMMAND_IDS.clearTaskFilters, () => setFilters({})),
    vscode.commands.registerCommand(COMMAND_IDS.setTaskStatus, withTask(async (task) => apply(task, await chooseStatus(task, ask)))),
    vscode.commands.registerCommand(COMMAND_IDS.setTaskPriority, withTask(async (task) => apply(task, await choosePriority(task, ask)))),
    vscode.commands.registerCommand(COMMAND_IDS.setTaskAssignee, withTask(async (task) => apply(task, await chooseAssignee(task, ask, await members(task), me())))),
    vscode.commands.registerCommand(COMMAND_IDS.appendTaskNote, withTask(async (task) => apply(task, await askNote(task, ask)))),
    vscode.commands.registerCommand(COMMAND_IDS.openTaskPr, withTask(openTaskPr)),
    vscode.commands.registerCommand(COMMAND_IDS.copyTaskRef, withTask(copyTaskRef)),
    vscode.commands.registerCommand(COMMAND_IDS.createTask, (arg?: unknown) =>
      createTaskFlow(createTaskArg(arg), {
        ask,
        filteredEpicId: tree.filters.epicId,
        create: async (input) => {
          const created = await services.withClient(vscode.l10n.t('Could not create the task'), (client) => client.createTask(input));
          if (created) tree.refresh();
          return created;
        },
        copy: (text) => Promise.resolve(vscode.env.clipboard.writeText(text)),
      }),
    ),
  );
  return { tree, view };
}
