// Channels view: channels and DMs, open / copy link / join / mute.
import * as vscode from 'vscode';
import { COMMANDS, messageUrl, type Channel } from '../../shared/index';
import type { WscServices } from '../context';
import { COMMAND_IDS, VIEWS } from '../ids';
import { ChannelState } from './channel-state';
import { ChannelsTree, type MentionCounts } from './channels-tree';

export interface ChannelsFeature {
  tree: ChannelsTree;
  state: ChannelState;
}

/** A command run from the tree gets the Channel; from elsewhere, `{channelId}` or an id. */
function channelIdOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (typeof arg === 'object' && arg !== null) {
    const a = arg as { id?: unknown; channelId?: unknown };
    if (typeof a.channelId === 'string') return a.channelId;
    if (typeof a.id === 'string') return a.id;
  }
  return undefined;
}

export function registerChannels(services: WscServices, mentions: MentionCounts): ChannelsFeature {
  const state = new ChannelState(services.context.globalState);
  const tree = new ChannelsTree(services, state, mentions);
  const view = vscode.window.createTreeView(VIEWS.channels, { treeDataProvider: tree, showCollapseAll: false });

  const pick = async (arg: unknown): Promise<Channel | undefined> => {
    const id = channelIdOf(arg);
    const channels = await tree.list();
    if (id) return channels.find((c) => c.id === id);
    const chosen = await vscode.window.showQuickPick(
      channels.map((c) => ({ label: c.kind === 'dm' ? c.name : `#${c.name}`, description: c.description, channel: c })),
      { placeHolder: 'Channel' },
    );
    return chosen?.channel;
  };

  services.register(
    tree,
    view,
    vscode.commands.registerCommand(COMMAND_IDS.refreshChannels, () => tree.refresh()),
    vscode.commands.registerCommand(COMMAND_IDS.copyChannelLink, async (arg: unknown) => {
      const channel = await pick(arg);
      const identity = services.auth.identity;
      if (!channel || !identity) return;
      await vscode.env.clipboard.writeText(messageUrl(services.config().serviceUrl, identity.workspaceId, channel.id));
      vscode.window.setStatusBarMessage(`Copied the link to ${channel.kind === 'dm' ? channel.name : `#${channel.name}`}`, 3000);
    }),
    vscode.commands.registerCommand(COMMAND_IDS.joinChannel, async (arg: unknown) => {
      const channel = await pick(arg);
      if (!channel) return;
      const done = await services.withClient(`join #${channel.name}`, (client) => client.runAction(COMMANDS.joinChannel, { channelId: channel.id }));
      if (done) tree.refresh();
    }),
    vscode.commands.registerCommand(COMMAND_IDS.muteChannel, async (arg: unknown) => {
      const channel = await pick(arg);
      if (channel) await state.setMuted(channel.id, true);
    }),
    vscode.commands.registerCommand(COMMAND_IDS.unmuteChannel, async (arg: unknown) => {
      const channel = await pick(arg);
      if (channel) await state.setMuted(channel.id, false);
    }),
  );
  return { tree, state };
}
