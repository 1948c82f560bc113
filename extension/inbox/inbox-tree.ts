// The Inbox view: one group per source (its unread count in the label), its items unread first.
// Changes are coalesced (a burst of arrivals redraws once) and only the groups whose items changed
// are redrawn, so a click on an unchanged row is not lost to a rebuild (microsoft/vscode#173233).
import * as vscode from 'vscode';
import type { InboxItem, InboxSource } from '../../shared/index';
import { INBOX_GROUP_CONTEXT, inboxItemContextValue } from '../context-values';
import { COMMAND_IDS } from '../ids';
import { groupInboxItems, groupLabel, INBOX_SOURCE_ICONS, itemAccessibleLabel, itemDescription, itemLabel, type InboxGroup } from './inbox-model';

export type InboxNode = { readonly kind: 'group'; readonly source: InboxSource } | { readonly kind: 'item'; readonly source: InboxSource; readonly id: string };

/** How long a burst of changes is gathered before the tree redraws. */
export const INBOX_REDRAW_MS = 150;



export class InboxTree implements vscode.TreeDataProvider<InboxNode>, vscode.Disposable {
  readonly #changed = new vscode.EventEmitter<InboxNode | InboxNode[] | undefined>();
  readonly onDidChangeTreeData = this.#changed.event;
  #groups: InboxGroup[] = [];
  #items = new Map<string, InboxItem>();
  /** One node object per group and item, so a redraw of one group keeps the others' nodes. */
  readonly #groupNodes = new Map<InboxSource, InboxNode>();
  readonly #itemNodes = new Map<string, InboxNode>();
  #timer: NodeJS.Timeout | undefined;
  /** Redraws done (tests read it to see bursts coalesced). */
  redraws = 0;

  constructor(
    private readonly read: () => readonly InboxItem[],
    private readonly now: () => number = Date.now,
  ) {
    this.#take();
  }

  /** Something changed: redraw after a short pause (one redraw per burst). */
  schedule(): void {
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.redrawNow();
    }, INBOX_REDRAW_MS);
  }

  /** Redraws what changed since the last redraw. */
  redrawNow(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const before = new Map(this.#groups.map((g) => [g.source, signature(g)]));
    this.#take();
    const after = new Map(this.#groups.map((g) => [g.source, signature(g)]));
    const sameSources = before.size === after.size && [...before.keys()].every((s, i) => [...after.keys()][i] === s);
    if (!sameSources) {
      this.redraws += 1;
      this.#changed.fire(undefined);
      return;
    }
    const changed = [...after].filter(([source, sig]) => before.get(source) !== sig).map(([source]) => this.#groupNode(source));
    if (changed.length === 0) return;
    this.redraws += 1;
    this.#changed.fire(changed);
  }

  groups(): readonly InboxGroup[] {
    return this.#groups;
  }

  item(node: InboxNode): InboxItem | undefined {
    return node.kind === 'item' ? this.#items.get(node.id) : undefined;
  }

  nodeOf(id: string): InboxNode | undefined {
    const item = this.#items.get(id);
    return item ? this.#itemNode(item) : undefined;
  }

  getChildren(node?: InboxNode): InboxNode[] {
    if (!node) return this.#groups.map((g) => this.#groupNode(g.source));
    if (node.kind === 'item') return [];
    return this.#groups.find((g) => g.source === node.source)?.items.map((i) => this.#itemNode(i)) ?? [];
  }

  getParent(node: InboxNode): InboxNode | undefined {
    return node.kind === 'item' ? this.#groupNode(node.source) : undefined;
  }

  getTreeItem(node: InboxNode): vscode.TreeItem {
    if (node.kind === 'group') {
      const group = this.#groups.find((g) => g.source === node.source);
      const tree = new vscode.TreeItem(group ? groupLabel(group) : node.source, vscode.TreeItemCollapsibleState.Expanded);
      tree.id = `inbox-group:${node.source}`;
      tree.contextValue = INBOX_GROUP_CONTEXT;
      tree.iconPath = new vscode.ThemeIcon(INBOX_SOURCE_ICONS[node.source]);
      return tree;
    }
    const item = this.#items.get(node.id);
    const tree = new vscode.TreeItem(item ? itemLabel(item) : node.id, vscode.TreeItemCollapsibleState.None);
    tree.id = `inbox-item:${node.id}`;
    if (!item) return tree;
    const now = this.now();
    tree.description = itemDescription(item, now);
    tree.tooltip = `${item.title}\n${itemDescription(item, now)}`;
    tree.accessibilityInformation = { label: itemAccessibleLabel(item, now) };
    tree.iconPath = new vscode.ThemeIcon(INBOX_SOURCE_ICONS[item.source], item.state === 'unread' ? new vscode.ThemeColor('notificationsInfoIcon.foreground') : undefined);
    tree.contextValue = inboxItemContextValue(item);
    tree.command = { command: COMMAND_IDS.openInboxItem, title: vscode.l10n.t('Open'), arguments: [node] };
    return tree;
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#changed.dispose();
  }

  #take(): void {
    const items = this.read();
    this.#items = new Map(items.map((i) => [i.id, i]));
    this.#groups = groupInboxItems(items);
    for (const id of [...this.#itemNodes.keys()]) if (!this.#items.has(id)) this.#itemNodes.delete(id);
  }

  #groupNode(source: InboxSource): InboxNode {
    let node = this.#groupNodes.get(source);
    if (!node) this.#groupNodes.set(source, (node = { kind: 'group', source }));
    return node;
  }

  #itemNode(item: InboxItem): InboxNode {
    let node = this.#itemNodes.get(item.id);
    if (!node) this.#itemNodes.set(item.id, (node = { kind: 'item', source: item.source, id: item.id }));
    return node;
  }
}

function signature(group: InboxGroup): string {
  return `${group.unread}|${group.items.map((i) => `${i.id}:${i.state}:${i.at}:${i.title}:${i.gone ? 1 : 0}`).join('|')}`;
}
