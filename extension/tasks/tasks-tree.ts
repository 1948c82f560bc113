import * as vscode from 'vscode';
import { listNotesText, loadWholeTasks, type Member, type SavedTaskView, type TaskRow, type TaskStatus, type WholeTasks } from '../../shared/index';
import { serviceUnreachable } from '../auth/auth-session';
import type { WscServices } from '../context';
import { MORE_CONTEXT, TASK_VIEW_CONTEXT, TASK_VIEW_PROBLEM_CONTEXT, taskGroupContextValue } from '../context-values';
import { COMMAND_IDS, CONTEXT_KEYS, WORKSPACE_STATE_KEYS } from '../ids';
import { SAVED_VIEWS_SETTING, SavedTaskViews } from './saved-views';
import { groupTasks, hasFilters, taskRowModel, tasksQuery, type TaskFilters, type TaskGroup, type TaskGrouping } from './task-items';

/**
 * `more`: the last row of a list that may be cut ("More… narrow or search"; it opens the filter).
 * `view`: a saved view's section (setting wsc.tasks.queries), whose tasks carry its index in `view`;
 * `problem`: a saved view that is wrong or could not be read, saying what to do.
 */
export type TaskNode =
  | { kind: 'group'; group: TaskGroup }
  | { kind: 'task'; task: TaskRow; view?: number }
  | { kind: 'more'; key: string }
  | { kind: 'view'; index: number; view: SavedTaskView }
  | { kind: 'problem'; key: string; label: string; problem: string; fix: string };

/** What the last load said about completeness. */
interface Completeness {
  truncated: boolean;
  cutStatuses: readonly TaskStatus[];
  notes: string | null;
}
const WHOLE: Completeness = { truncated: false, cutStatuses: [], notes: null };
const completenessOf = (whole: WholeTasks): Completeness => ({ truncated: whole.truncated, cutStatuses: whole.cutStatuses, notes: listNotesText(whole) });


export class TasksTree implements vscode.TreeDataProvider<TaskNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TaskNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private tasks: TaskRow[] | undefined;
  private completeness: Completeness = WHOLE;
  /** Shows a message at the top of the view (undefined clears it); set by registerTasks. */
  onMessage: (message: string | undefined) => void = () => undefined;
  /** Member id → name, for assignees. */
  private names = new Map<string, string>();
  private loading: Promise<TaskRow[]> | undefined;
  filters: TaskFilters = {};
  /** Set while the shown rows are the offline cache's copy (when it was saved). */
  private savedCopyAt: number | undefined;
  /** The next load draws the saved copy first (after a sign-in, or a refresh while the service cannot be reached). */
  private useSavedCopy = false;
  private reloading: Promise<void> | undefined;
  private readonly savedCopyChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeSavedCopy = this.savedCopyChanged.event;
  private readonly subscriptions: vscode.Disposable[];
  /** The saved views shown as sections above the groups. */
  readonly savedViews: SavedTaskViews;

  constructor(private readonly services: WscServices) {
    this.savedViews = new SavedTaskViews(services);
    this.subscriptions = [
      this.savedCopyChanged,
      this.savedViews,
      this.savedViews.onDidChange(() => this.changed.fire(undefined)),
      services.onDidChangeSession(() => {
        this.useSavedCopy = true;
        this.refresh();
      }),
      services.auth.onDidChangeReachable((reachable) => {
        if (reachable && this.savedCopyAt !== undefined) void this.reloadInPlace();
      }),
    ];
    void this.syncContext();
  }

  /** When the shown rows were saved, while they are the offline cache's copy. */
  get savedAt(): number | undefined {
    return this.savedCopyAt;
  }

  private setSavedAt(savedAt: number | undefined): void {
    if (this.savedCopyAt === savedAt) return;
    this.savedCopyAt = savedAt;
    this.savedCopyChanged.fire();
  }

  /** The offline cache's unfiltered tasks (and assignee names), shown at once while the service's answer loads behind them. */
  private fromSavedCopy(): TaskRow[] | undefined {
    if (!this.useSavedCopy) return undefined;
    this.useSavedCopy = false;
    const cache = this.services.auth.client() ? this.services.auth.offlineCache : undefined;
    const kept = cache && !hasFilters(this.filters) ? cache.get<TaskRow[]>('tasks') : undefined;
    if (!cache || !kept) return undefined;
    const names = new Map<string, string>();
    for (const channelId of new Set(kept.value.map((t) => t.channel_id).filter((id): id is string => Boolean(id)))) {
      for (const member of cache.get<Member[]>('members', channelId)?.value ?? []) names.set(member.id, member.name);
    }
    this.names = names;
    this.tasks = kept.value;
    this.setSavedAt(kept.savedAt);
    void this.reloadInPlace();
    return this.tasks;
  }

  /** Replaces the saved copy with the service's answer without clearing the tree; a failure keeps the copy. */
  private reloadInPlace(): Promise<void> {
    this.reloading ??= (async () => {
      const client = this.services.auth.client();
      try {
        if (!client) return;
        const whole = await loadWholeTasks(client, tasksQuery(this.filters));
        const tasks = whole.tasks;
        const names = await this.loadAssigneeNames(tasks);
        if (this.services.auth.client() !== client) return;
        this.keep(tasks);
        this.tasks = tasks;
        this.setCompleteness(completenessOf(whole));
        this.names = names;
        this.setSavedAt(undefined);
        this.changed.fire(undefined);
      } catch (error) {
        if (serviceUnreachable(error) && this.services.auth.client() === client) this.services.auth.reportUnreachable();
        this.services.log.debug(`tasks: reload of the saved copy failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        this.reloading = undefined;
      }
    })();
    return this.reloading;
  }

  /** The unfiltered list goes into the offline cache (the client keeps only a query without options). */
  private keep(tasks: TaskRow[]): void {
    if (hasFilters(this.filters)) return;
    try {
      this.services.auth.offlineCache?.put('tasks', '', tasks);
    } catch (error) {
      this.services.log.debug(`tasks: not kept offline: ${error instanceof Error ? error.message : String(error)}`);
    }
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
    if (!this.services.auth.reachable) this.useSavedCopy = true;
    this.tasks = undefined;
    this.loading = undefined;
    this.setSavedAt(undefined);
    this.savedViews.forget();
    this.changed.fire(undefined);
  }

  /** The tasks as last loaded with the current filters (loads them when needed). */
  async list(): Promise<TaskRow[]> {
    if (this.tasks) return this.tasks;
    const saved = this.loading ? undefined : this.fromSavedCopy();
    if (saved) return saved;
    this.loading ??= this.load();
    return this.loading;
  }

  findEpic(epicId: string | null): TaskRow | undefined {
    return epicId ? this.tasks?.find((t) => t.id === epicId) : undefined;
  }

  private async load(): Promise<TaskRow[]> {
    if (!this.services.auth.client()) return [];
    const query = tasksQuery(this.filters);
    // The whole list: each status asked at the service's most, so a status group holds all of it up to that.
    const whole = await this.services.withClient(vscode.l10n.t('Could not load the tasks'), (client) => loadWholeTasks(client, query));
    if (whole) this.keep(whole.tasks);
    this.setCompleteness(whole ? completenessOf(whole) : WHOLE);
    const tasks = whole?.tasks ?? [];
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

  private setCompleteness(completeness: Completeness): void {
    this.completeness = completeness;
    this.onMessage(completeness.notes ?? undefined);
  }

  /** Whether a group's tasks may be missing some: its status was cut, or (by epic) any answer was. */
  private groupMayBeCut(group: TaskGroup): boolean {
    if (this.grouping === 'status') return this.completeness.cutStatuses.some((status) => group.key === `status:${status}`);
    return this.completeness.truncated;
  }

  async getChildren(node?: TaskNode): Promise<TaskNode[]> {
    if (node?.kind === 'task' || node?.kind === 'more' || node?.kind === 'problem') return [];
    if (node?.kind === 'view') return this.viewChildren(node.index, node.view);
    if (node?.kind === 'group') {
      const rows: TaskNode[] = node.group.tasks.map((task) => ({ kind: 'task', task }));
      return this.groupMayBeCut(node.group) ? [...rows, { kind: 'more', key: node.group.key }] : rows;
    }
    const tasks = await this.list();
    const groups: TaskNode[] = groupTasks(tasks, this.grouping).map((group) => ({ kind: 'group', group }));
    return [...this.viewSections(), ...groups, ...(this.completeness.truncated ? [{ kind: 'more', key: 'all' } as const] : [])];
  }

  /** One section per saved view; a wrong entry is a row saying what is wrong. */
  private viewSections(): TaskNode[] {
    return this.savedViews.all.map((entry): TaskNode =>
      entry.kind === 'view'
        ? { kind: 'view', index: entry.index, view: entry.view }
        : { kind: 'problem', key: `entry:${entry.index}`, label: entry.label ?? vscode.l10n.t('Saved view {0}', entry.index + 1), problem: entry.problem, fix: entry.fix },
    );
  }

  private async viewChildren(index: number, view: SavedTaskView): Promise<TaskNode[]> {
    const state = await this.savedViews.state(index, view);
    if (state.kind === 'problem') return [{ kind: 'problem', key: `view:${index}`, label: view.label, problem: state.problem, fix: state.fix }];
    const rows: TaskNode[] = state.tasks.map((task) => ({ kind: 'task', task, view: index }));
    return state.truncated ? [...rows, { kind: 'more', key: `view:${index}` }] : rows;
  }

  /** Whether the list as loaded may not hold every task the filters match. */
  get truncated(): boolean {
    return this.completeness.truncated;
  }

  /** The node of a task the tree lists (with its filters), by ref; for TreeView.reveal. */
  async nodeOf(ref: string): Promise<TaskNode | undefined> {
    const task = (await this.list()).find((t) => t.ref === ref);
    return task ? { kind: 'task', task } : undefined;
  }

  getParent(node: TaskNode): TaskNode | undefined {
    if (node.kind === 'group' || node.kind === 'view') return undefined;
    const viewIndex = node.kind === 'task' ? node.view : node.kind === 'more' || node.kind === 'problem' ? /^view:(\d+)$/.exec(node.key)?.[1] : undefined;
    if (viewIndex !== undefined) {
      const entry = this.savedViews.all[Number(viewIndex)];
      return entry?.kind === 'view' ? { kind: 'view', index: entry.index, view: entry.view } : undefined;
    }
    if (node.kind === 'problem') return undefined;
    if (node.kind === 'more') {
      const group = groupTasks(this.tasks ?? [], this.grouping).find((g) => g.key === node.key);
      return group ? { kind: 'group', group } : undefined;
    }
    const group = groupTasks(this.tasks ?? [], this.grouping).find((g) => g.tasks.some((t) => t.id === node.task.id));
    return group ? { kind: 'group', group } : undefined;
  }

  getTreeItem(node: TaskNode): vscode.TreeItem {
    if (node.kind === 'view') {
      const item = new vscode.TreeItem(node.view.label, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `view:${node.index}:${node.view.label}`;
      item.tooltip = vscode.l10n.t('Saved view (setting {0})', SAVED_VIEWS_SETTING);
      item.contextValue = TASK_VIEW_CONTEXT;
      item.iconPath = new vscode.ThemeIcon('bookmark');
      return item;
    }
    if (node.kind === 'problem') {
      const item = new vscode.TreeItem(`${node.label}: ${node.problem}`, vscode.TreeItemCollapsibleState.None);
      item.id = `problem:${node.key}`;
      item.description = node.fix;
      item.tooltip = `${node.problem} ${node.fix}`;
      item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground'));
      item.contextValue = TASK_VIEW_PROBLEM_CONTEXT;
      item.command = { command: 'workbench.action.openSettings', title: vscode.l10n.t('Open Settings'), arguments: [SAVED_VIEWS_SETTING] };
      return item;
    }
    if (node.kind === 'more') {
      const item = new vscode.TreeItem(vscode.l10n.t('More… narrow or search'), vscode.TreeItemCollapsibleState.None);
      item.id = `${this.grouping}:more:${node.key}`;
      item.description = node.key === 'all' ? vscode.l10n.t('the service answers a limited number per question') : vscode.l10n.t('this group may hold more');
      item.tooltip = vscode.l10n.t('The service gives a limited number of tasks per question, so this list may not hold every task. Filter (mine, epic, channel, kind, text) to narrow it; Go to Task (T-ref) opens any task.');
      item.iconPath = new vscode.ThemeIcon('filter');
      item.contextValue = MORE_CONTEXT;
      item.command = { command: COMMAND_IDS.filterTasks, title: vscode.l10n.t('Filter Tasks…') };
      return item;
    }
    if (node.kind === 'group') {
      const item = new vscode.TreeItem(node.group.label, node.group.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `${this.grouping}:${node.group.key}`;
      item.description = this.groupMayBeCut(node.group) ? vscode.l10n.t('{0}+ (may hold more)', node.group.tasks.length) : `${node.group.tasks.length}`;
      item.contextValue = taskGroupContextValue({ isEpic: Boolean(node.group.epicId) });
      item.iconPath = new vscode.ThemeIcon(this.grouping === 'epic' ? 'milestone' : 'list-unordered');
      return item;
    }
    const inView = node.view !== undefined;
    const row = taskRowModel(node.task, { epicTitle: this.findEpic(node.task.epic_id)?.title, ...(inView ? {} : { grouping: this.grouping }), assigneeName: this.assigneeName(node.task) });
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = inView ? `view:${node.view}:task:${row.id}` : `${this.grouping}:task:${row.id}`;
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
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
