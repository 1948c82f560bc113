import * as vscode from 'vscode';
import type { Channel } from '../../shared/index';
import { serviceUnreachable } from '../auth/auth-session';
import type { WscServices } from '../context';
import { CHANNEL_HEADING_CONTEXT } from '../context-values';
import { COMMAND_IDS } from '../ids';
import type { OpenChannelArgs } from '../channel-panel/open-channel-args';
import { channelRow, channelSections, visibleChannels, type ChannelRowModel, type ChannelSectionKind } from './channel-items';
import { Coalescer, DrawnRows } from './row-refresh';
import type { ChannelState } from './channel-state';

/** Unread mentions per channel (the mentions feature provides it). */
export interface MentionCounts {
  unreadByChannel(): ReadonlyMap<string, number>;
  onChange(listener: () => void): { dispose(): void };
}

/** A heading over channels or over direct messages. */
export interface ChannelSection {
  kind: ChannelSectionKind;
  label: string;
}

export type ChannelNode = Channel | ChannelSection;

function isSection(node: ChannelNode): node is ChannelSection {
  return !('id' in node);
}

/** A burst of marks (a run of live cues, mention counts) is drawn once, this long after its first. */
export const MARKS_COALESCE_MS = 150;

/** The rows and headings in the order the view shows them. */
function structureOf(channels: readonly Channel[]): string {
  return JSON.stringify(channelSections(channels).map((s) => [s.kind, s.channels.map((c) => c.id)]));
}

export class ChannelsTree implements vscode.TreeDataProvider<ChannelNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ChannelNode | ChannelNode[] | undefined>();
  /** One object per channel id for the tree's life: VS Code refreshes a row by the element it drew. */
  private readonly nodes = new Map<string, Channel>();
  private readonly drawn = new DrawnRows();
  private readonly marks = new Coalescer(MARKS_COALESCE_MS, () => this.refreshChangedRows());
  readonly onDidChangeTreeData = this.changed.event;
  private channels: Channel[] | undefined;
  private loading: Promise<Channel[]> | undefined;
  /** A live cue's reload: the shown list stays until the new one is in. */
  private reloading: Promise<void> | undefined;
  private reloadAgain = false;
  /** Set while the shown rows are the offline cache's copy (when it was saved). */
  private savedCopyAt: number | undefined;
  /** The next load draws the saved copy first (after a sign-in, or a refresh while the service cannot be reached). */
  private useSavedCopy = false;
  private readonly savedCopyChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeSavedCopy = this.savedCopyChanged.event;
  private readonly subscriptions: { dispose(): void }[] = [this.changed, this.savedCopyChanged, this.marks];

  constructor(
    private readonly services: WscServices,
    private readonly state: ChannelState,
    private readonly mentions: MentionCounts,
  ) {
    this.subscriptions.push(
      services.onDidChangeSession(() => {
        this.useSavedCopy = true;
        this.refresh();
      }),
      services.auth.onDidChangeReachable((reachable) => {
        if (reachable) this.reloadInPlace();
      }),
      // Marks refresh only the rows they change, once per burst.
      state.onChange(() => this.marks.request()),
      mentions.onChange(() => this.marks.request()),
      services.onLiveCue(() => this.reloadInPlace()),
    );
  }

  /** When the shown rows were saved, while they are the offline cache's copy. */
  get savedAt(): number | undefined {
    return this.savedCopyAt;
  }

  /** Reloads from the service (while it cannot be reached, the saved copy stays shown). */
  refresh(): void {
    if (!this.services.auth.reachable) this.useSavedCopy = true;
    this.channels = undefined;
    this.loading = undefined;
    this.setSavedAt(undefined);
    this.changed.fire(undefined);
  }

  private setSavedAt(savedAt: number | undefined): void {
    if (this.savedCopyAt === savedAt) return;
    this.savedCopyAt = savedAt;
    this.savedCopyChanged.fire();
  }

  /** The offline cache's channels, shown at once while the service's answer loads behind them. */
  private fromSavedCopy(): Channel[] | undefined {
    if (!this.useSavedCopy) return undefined;
    this.useSavedCopy = false;
    const kept = this.services.auth.client() ? this.services.auth.offlineCache?.get<Channel[]>('channels') : undefined;
    if (!kept) return undefined;
    this.channels = this.stable(visibleChannels(kept.value));
    this.setSavedAt(kept.savedAt);
    this.reloadInPlace();
    return this.channels;
  }

  /** Reloads in the background (unread dots follow last_message_at); cues during a reload make one more. */
  reloadInPlace(): void {
    if (this.reloading) {
      this.reloadAgain = true;
      return;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        await this.loadQuietly();
      } while (this.reloadAgain);
      this.reloading = undefined;
      // Rows added, gone or moved redraw the list; new marks only their rows.
      if (this.channels && this.drawn.structureChanged(structureOf(this.channels))) this.changed.fire(undefined);
      else this.marks.request();
    })();
  }

  /** Fires the rows whose look changed since VS Code drew them (nothing when none did). */
  private refreshChangedRows(): void {
    if (!this.channels) return;
    const byId = new Map(this.channels.map((c) => [c.id, c]));
    const ids = this.drawn.changed(this.channels.map((c) => [c.id, JSON.stringify(this.rowOf(c))] as const));
    const rows = ids.map((id) => byId.get(id)).filter((c): c is Channel => c !== undefined);
    if (rows.length > 0) this.changed.fire(rows);
  }

  /** The same object for a channel across reloads, holding its newest fields. */
  private stable(channels: Channel[]): Channel[] {
    return channels.map((fresh) => {
      const node = this.nodes.get(fresh.id);
      if (!node) {
        const copy = { ...fresh };
        this.nodes.set(fresh.id, copy);
        return copy;
      }
      const fields = node as unknown as Record<string, unknown>;
      for (const key of Object.keys(fields)) if (!(key in fresh)) delete fields[key];
      Object.assign(node, fresh);
      return node;
    });
  }

  /** The channel list as last loaded (loads it when needed). */
  async list(): Promise<Channel[]> {
    if (this.channels) return this.channels;
    const saved = this.loading ? undefined : this.fromSavedCopy();
    if (saved) return saved;
    this.loading ??= this.load();
    return this.loading;
  }

  find(channelId: string): Channel | undefined {
    return this.channels?.find((c) => c.id === channelId);
  }

  private async load(): Promise<Channel[]> {
    if (!this.services.auth.client()) return [];
    const loaded = await this.services.withClient(vscode.l10n.t('Could not load the channels'), (client) => client.channels());
    const channels = this.stable(visibleChannels(loaded ?? []));
    await this.state.baseline(channels);
    this.channels = channels;
    return channels;
  }

  /** A failed cue reload keeps the shown list and says so only in the log (the next cue tries again). */
  private async loadQuietly(): Promise<void> {
    const client = this.services.auth.client();
    if (!client) return;
    try {
      const channels = visibleChannels(await client.channels());
      await this.state.baseline(channels);
      if (this.services.auth.client() === client) {
        this.channels = this.stable(channels);
        this.setSavedAt(undefined);
      }
    } catch (error) {
      if (serviceUnreachable(error) && this.services.auth.client() === client) this.services.auth.reportUnreachable();
      this.services.log.debug(`channels: reload after a live cue failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Channels and DMs under their own headings once both are there; one flat list otherwise. */
  async getChildren(element?: ChannelNode): Promise<ChannelNode[]> {
    if (element && !isSection(element)) return [];
    const channels = await this.list();
    const sections = channelSections(channels);
    if (element) return sections.find((s) => s.kind === element.kind)?.channels ?? [];
    this.drawn.drewStructure(structureOf(channels));
    return sections.length > 1 ? sections.map(({ kind, label }) => ({ kind, label }) as ChannelSection) : (sections[0]?.channels ?? []);
  }

  getTreeItem(node: ChannelNode): vscode.TreeItem {
    if (isSection(node)) {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
      item.id = `section:${node.kind}`;
      item.contextValue = CHANNEL_HEADING_CONTEXT;
      return item;
    }
    const channel = node;
    const row = this.rowOf(channel);
    this.drawn.drew(row.id, JSON.stringify(row));
    const label: vscode.TreeItemLabel = { label: row.label, highlights: row.unread ? [[0, row.label.length]] : [] };
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = row.id;
    item.description = row.description;
    item.tooltip = row.tooltip;
    item.contextValue = row.contextValue;
    item.iconPath = new vscode.ThemeIcon(row.icon);
    const args: OpenChannelArgs = { channelId: channel.id };
    item.command = { command: COMMAND_IDS.openChannel, title: 'Open Channel', arguments: [args] };
    return item;
  }

  private rowOf(channel: Channel): ChannelRowModel {
    return channelRow(channel, {
      unread: this.state.isUnread(channel),
      mentions: this.state.isMuted(channel.id) ? 0 : (this.mentions.unreadByChannel().get(channel.id) ?? 0),
      muted: this.state.isMuted(channel.id),
    }, this.services.auth.identity);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
