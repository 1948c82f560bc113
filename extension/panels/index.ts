// Channel panels: one webview per channel, `wsc.openChannel`, and restore after a reload (the
// webview keeps its drafts in its own state; the serializer re-attaches the host side).
import * as vscode from 'vscode';
import { messageUrl, type Channel } from '../../shared/index';
import type { ChannelsFeature } from '../channels/index';
import type { WscServices } from '../context';
import { COMMAND_IDS } from '../ids';
import { CHANNEL_PANEL_VIEW_TYPE, ChannelPanel } from './channel-panel';
import { isOpenChannelArgs, type OpenChannelArgs } from './open-channel-args';

export interface ChannelPanelsFeature {
  /** Opens (or reveals) the channel's panel; resolves with it, undefined when the channel is unknown. */
  open(args: OpenChannelArgs): Promise<ChannelPanel | undefined>;
  get(channelId: string): ChannelPanel | undefined;
}

export function registerChannelPanels(services: WscServices, channels: ChannelsFeature): ChannelPanelsFeature {
  const panels = new Map<string, ChannelPanel>();

  const findChannel = async (channelId: string): Promise<Channel | undefined> => {
    const known = (await channels.tree.list()).find((c) => c.id === channelId);
    if (known) return known;
    // Not in the list (e.g. a public channel reached by a link): ask the service.
    const identity = services.auth.identity;
    if (!identity) return undefined;
    const link = await services.withClient('open the channel', (client) =>
      client.messageLink(messageUrl(services.config().serviceUrl, identity.workspaceId, channelId)),
    );
    return link?.channel;
  };

  const attach = (channel: Channel, webviewPanel: vscode.WebviewPanel): ChannelPanel => {
    const panel = new ChannelPanel(services, channels.state, channel, webviewPanel);
    panels.set(channel.id, panel);
    panel.onDidClose(() => {
      if (panels.get(channel.id) === panel) panels.delete(channel.id);
    });
    return panel;
  };

  const open = async (args: OpenChannelArgs): Promise<ChannelPanel | undefined> => {
    if (!services.auth.client()) {
      await services.showError(services.auth.notSignedInError(), 'open the channel');
      return undefined;
    }
    let panel = panels.get(args.channelId);
    if (!panel) {
      const channel = await findChannel(args.channelId);
      if (!channel) {
        void vscode.window.showWarningMessage('That channel is not available to you. Refresh the Channels view, or ask to be added.');
        return undefined;
      }
      const webviewPanel = vscode.window.createWebviewPanel(CHANNEL_PANEL_VIEW_TYPE, channel.kind === 'dm' ? channel.name : `#${channel.name}`, vscode.ViewColumn.Active, {
        enableScripts: true,
      });
      panel = attach(channel, webviewPanel);
    } else {
      panel.reveal();
    }
    await panel.focus(args);
    return panel;
  };

  services.register(
    vscode.commands.registerCommand(COMMAND_IDS.openChannel, async (arg: unknown) => {
      const args = isOpenChannelArgs(arg) ? arg : typeof arg === 'object' && arg !== null && 'id' in arg && typeof arg.id === 'string' ? { channelId: arg.id } : undefined;
      if (args) await open(args);
    }),
    vscode.window.registerWebviewPanelSerializer(CHANNEL_PANEL_VIEW_TYPE, {
      async deserializeWebviewPanel(webviewPanel: vscode.WebviewPanel, state: unknown) {
        const channelId = typeof state === 'object' && state !== null && 'channelId' in state && typeof state.channelId === 'string' ? state.channelId : undefined;
        await services.auth.whenRestored();
        const channel = channelId && services.auth.client() ? await findChannel(channelId) : undefined;
        if (!channel) {
          webviewPanel.dispose();
          return;
        }
        attach(channel, webviewPanel);
      },
    }),
    { dispose: () => [...panels.values()].forEach((p) => p.dispose()) },
  );
  return { open, get: (id) => panels.get(id) };
}
