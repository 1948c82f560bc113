import * as vscode from 'vscode';
import type { TaskRow } from '../../shared/index';
import type { WscServices } from '../context';
import { taskGroupContextValue } from '../context-values';
import { CONTEXT_KEYS, WORKSPACE_STATE_KEYS } from '../ids';
import { groupTasks, hasFilters, taskRowModel, tasksQuery, type TaskFilters, type TaskGroup, type TaskGrouping } from './task-items';

export type TaskNode = { kind: 'group'; group: TaskGroup } | { kind: 'task'; task: TaskRow };


export class TasksTree implements vscode.TreeDataProvider<TaskNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TaskNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private tasks: TaskRow[] | undefined;
  /** Member id → name, for assignees. */
  private names = new Map<string, string>();
  private loading: Promise<TaskRow[]> | undefined;
  filters: TaskFilters = {};
  private readonly subscription: vscode.Disposable;

  constructor(private readonly services: WscServices) {
    this.subscription = services.onDidChangeSession(() => this.refresh());
    void this.syncContext();
  }

  get grouping(): TaskGrouping {
    return this.services.context.workspaceState.get<TaskGrouping>(WORKSPACE_STATE_KEYS.taskGrouping) ?? 'status';
  }

  async setGrouping(grouping: TaskGrouping): Promise<void> {
    await this.services.context.workspaceState.update(WORKSPACE_STATE_KEYS.taskGrouping, grouping);
    await this.syncContext();
    this.changed.fire(undefined);
  }

  async setFilters(filters: TaskFilters): Promise<void> {
    this.filters = filters;
    await this.syncContext();
    this.refresh();
  }

  refresh(): void {
    this.tasks = undefined;
    this.loading = undefined;
    this.changed.fire(undefined);
  }

  /** The tasks as last loaded with the current filters (loads them when needed). */
  async list(): Promise<TaskRow[]> {
    if (this.tasks) return this.tasks;
    this.loading ??= this.load();
    return this.loading;
  }

  findEpic(epicId: string | null): TaskRow | undefined {
    return epicId ? this.tasks?.find((t) => t.id === epicId) : undefined;
  }

  private async load(): Promise<TaskRow[]> {
    if (!this.services.auth.client()) return [];
    const query = tasksQuery(this.filters);
    const tasks = (await this.services.withClient('load the tasks', (client) => client.tasks(query))) ?? [];
    this.names = await this.loadAssigneeNames(tasks);
    this.tasks = tasks;
    return tasks;
  }

  /** Assignee names from the members of the tasks' channels (one call per channel); a failure only loses the names. */
  private async loadAssigneeNames(tasks: readonly TaskRow[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const client = this.services.auth.client();
    if (!client) return names;
    const channelIds = [...new Set(tasks.filter((t) => t.channel_id && (t.assignee_user_id || t.assignee_agent_id)).map((t) => t.channel_id as string))];
    await Promise.all(
      channelIds.map(async (channelId) => {
        try {
          for (const member of await client.members(channelId)) names.set(member.id, member.name);
        } catch (error) {
          this.services.log.debug(`tasks: members of ${channelId} not loaded: ${error instanceof Error ? error.message : String(error)}`);
        }
      }),
    );
    return names;
  }

  private assigneeName(task: TaskRow): string | undefined {
    const me = this.services.auth.identity;
    if (me && task.assignee_user_id === me.userId) return 'you';
    const id = task.assignee_user_id ?? task.assignee_agent_id;
    return id ? this.names.get(id) : undefined;
  }

  async getChildren(node?: TaskNode): Promise<TaskNode[]> {
    if (node?.kind === 'task') return [];
    if (node?.kind === 'group') return node.group.tasks.map((task) => ({ kind: 'task', task }));
    const tasks = await this.list();
    return groupTasks(tasks, this.grouping).map((group) => ({ kind: 'group', group }));
  }

  /** The node of a task the tree lists (with its filters), by ref; for TreeView.reveal. */
  async nodeOf(ref: string): Promise<TaskNode | undefined> {
    const task = (await this.list()).find((t) => t.ref === ref);
    return task ? { kind: 'task', task } : undefined;
  }

  getParent(node: TaskNode): TaskNode | undefined {
    if (node.kind === 'group') return undefined;
    const group = groupTasks(this.tasks ?? [], this.grouping).find((g) => g.tasks.some((t) => t.id === node.task.id));
    return group ? { kind: 'group', group } : undefined;
  }

  getTreeItem(node: TaskNode): vscode.TreeItem {
    if (node.kind === 'group') {
      const item = new vscode.TreeItem(node.group.label, node.group.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `${this.grouping}:${node.group.key}`;
      item.description = String(node.group.tasks.length);
      item.contextValue = taskGroupContextValue({ isEpic: Boolean(node.group.epicId) });
      item.iconPath = new vscode.ThemeIcon(this.grouping === 'epic' ? 'milestone' : 'list-unordered');
      return item;
    }
    const row = taskRowModel(node.task, { epicTitle: this.findEpic(node.task.epic_id)?.title, grouping: this.grouping, assigneeName: this.assigneeName(node.task) });
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = `${this.grouping}:task:${row.id}`;
    item.description = row.description;
    item.tooltip = row.tooltip;
    item.contextValue = row.contextValue;
    item.iconPath = new vscode.ThemeIcon(row.icon);
    return item;
  }

  private async syncContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', CONTEXT_KEYS.taskGrouping, this.grouping);
    await vscode.commands.executeCommand('setContext', CONTEXT_KEYS.taskFiltered, hasFilters(this.filters));
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
