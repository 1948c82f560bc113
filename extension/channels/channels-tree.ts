import * as vscode from 'vscode';
import type { Channel } from '../../shared/index';
import { serviceUnreachable } from '../auth/auth-session';
import type { WscServices } from '../context';
import { CHANNEL_HEADING_CONTEXT } from '../context-values';
import { COMMAND_IDS } from '../ids';
import type { OpenChannelArgs } from '../channel-panel/open-channel-args';
import { channelRow, channelSections, visibleChannels, type ChannelSectionKind } from './channel-items';
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

export class ChannelsTree implements vscode.TreeDataProvider<ChannelNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ChannelNode | undefined>();
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
  private readonly subscriptions: { dispose(): void }[] = [this.changed, this.savedCopyChanged];

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
      state.onChange(() => this.changed.fire(undefined)),
      mentions.onChange(() => this.changed.fire(undefined)),
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
    this.channels = visibleChannels(kept.value);
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
      this.changed.fire(undefined);
    })();
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
    const loaded = await this.services.withClient('load the channels', (client) => client.channels());
    const channels = visibleChannels(loaded ?? []);
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
        this.channels = channels;
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
    const sections = channelSections(await this.list());
    if (element) return sections.find((s) => s.kind === element.kind)?.channels ?? [];
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
    const row = channelRow(channel, {
      unread: this.state.isUnread(channel),
      mentions: this.state.isMuted(channel.id) ? 0 : (this.mentions.unreadByChannel().get(channel.id) ?? 0),
      muted: this.state.isMuted(channel.id),
    }, this.services.auth.identity);
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

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
