// The Channels view's commands: copy link, join, mute and unmute the channel the argument names
// (asking when it names none).
import * as vscode from 'vscode';
import { COMMANDS, messageUrl, type Channel } from '../../shared/index';
import type { WscServices } from '../context';
import type { ChannelState } from './channel-state';
import { channelPickItems, channelTarget, copiedLinkStatus } from './channel-target';
import type { ChannelsTree } from './channels-tree';

export class ChannelCommands {
  constructor(
    private readonly services: WscServices,
    private readonly tree: ChannelsTree,
    private readonly state: ChannelState,
  ) {}

  async copyLink(arg: unknown): Promise<void> {
    const channel = await this.pick(arg);
    const identity = this.services.auth.identity;
    if (!channel || !identity) return;
    await vscode.env.clipboard.writeText(messageUrl(this.services.config().serviceUrl, identity.workspaceId, channel.id));
    vscode.window.setStatusBarMessage(copiedLinkStatus(channel), 3000);
  }

  async join(arg: unknown): Promise<void> {
    const channel = await this.pick(arg);
    if (!channel) return;
    const done = await this.services.withClient(vscode.l10n.t('Could not join #{0}', channel.name), (client) => client.runAction(COMMANDS.joinChannel, { channelId: channel.id }));
    if (done) this.tree.refresh();
  }

  async setMuted(arg: unknown, muted: boolean): Promise<void> {
    const channel = await this.pick(arg);
    if (channel) await this.state.setMuted(channel.id, muted);
  }

  private async pick(arg: unknown): Promise<Channel | undefined> {
    const channels = await this.tree.list();
    const target = channelTarget(arg, channels);
    if (target === 'unknown') return undefined;
    if (target !== 'ask') return target;
    const chosen = await vscode.window.showQuickPick(channelPickItems(channels), { placeHolder: vscode.l10n.t('Channel') });
    return chosen?.channel;
  }
}
