// Channels view: channels and DMs, open / copy link / join / mute.
import * as vscode from 'vscode';
import { showSavedCopyMark } from '../offline/saved-copy-mark';
import type { WscServices } from '../context';
import { COMMAND_IDS, VIEWS } from '../ids';
import { ChannelCommands } from './channel-commands';
import { ChannelState } from './channel-state';
import { ChannelsTree, type ChannelNode, type MentionCounts } from './channels-tree';

export interface ChannelsFeature {
  tree: ChannelsTree;
  state: ChannelState;
  view: vscode.TreeView<ChannelNode>;
}

export function registerChannels(services: WscServices, mentions: MentionCounts): ChannelsFeature {
  const state = new ChannelState(services.context.globalState);
  const tree = new ChannelsTree(services, state, mentions);
  const view = vscode.window.createTreeView(VIEWS.channels, { treeDataProvider: tree, showCollapseAll: false });
  const commands = new ChannelCommands(services, tree, state);

  services.register(
    tree,
    view,
    showSavedCopyMark(view, tree, services.auth),
    vscode.commands.registerCommand(COMMAND_IDS.refreshChannels, () => tree.refresh()),
    vscode.commands.registerCommand(COMMAND_IDS.copyChannelLink, (arg: unknown) => commands.copyLink(arg)),
    vscode.commands.registerCommand(COMMAND_IDS.joinChannel, (arg: unknown) => commands.join(arg)),
    vscode.commands.registerCommand(COMMAND_IDS.muteChannel, (arg: unknown) => commands.setMuted(arg, true)),
    vscode.commands.registerCommand(COMMAND_IDS.unmuteChannel, (arg: unknown) => commands.setMuted(arg, false)),
  );
  return { tree, state, view };
}
