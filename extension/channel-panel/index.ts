// Channel panels: one webview per channel, `wsc.openChannel`, and restore after a reload (the
// webview keeps its drafts in its own state; the serializer re-attaches the host side).
import * as vscode from 'vscode';
import { messageUrl, type Channel } from '../../shared/index';
import type { ChannelsFeature } from '../channels/index';
import type { WscServices } from '../context';
import { COMMAND_IDS, WEBVIEW_VIEW_TYPES } from '../ids';
import { channelDisplayName } from '../channels/channel-items';
import type { OutboxFeature } from '../outbox/index';
import type { ChannelPanel } from './channel-panel';
import { channelIdFromState, openChannelArgsOf, type OpenChannelArgs } from './open-channel-args';

// The panel's code (and the Markdown renderer it draws messages with) loads when a channel first opens.
const loadPanelCode = () => import('./channel-panel');
type PanelCode = Awaited<ReturnType<typeof loadPanelCode>>;

export interface ChannelPanelsFeature {
  /** Opens (or reveals) the channel's panel; resolves with it, undefined when the channel is unknown. */
  open(args: OpenChannelArgs): Promise<ChannelPanel | undefined>;
  get(channelId: string): ChannelPanel | undefined;
}

export function registerChannelPanels(services: WscServices, channels: ChannelsFeature, outbox: OutboxFeature): ChannelPanelsFeature {
  const panels = new Map<string, ChannelPanel>();

  const findChannel = async (channelId: string): Promise<Channel | undefined> => {
    const known = (await channels.tree.list()).find((c) => c.id === channelId);
    if (known) return known;
    // Not in the list (e.g. a public channel reached by a link): ask the service.
    const identity = services.auth.identity;
    if (!identity) return undefined;
    const link = await services.withClient(vscode.l10n.t('Could not open the channel'), (client) =>
      client.messageLink(messageUrl(services.config().serviceUrl, identity.workspaceId, channelId)),
    );
    return link?.channel;
  };

  const attach = ({ ChannelPanel }: PanelCode, channel: Channel, webviewPanel: vscode.WebviewPanel): ChannelPanel => {
    const panel: ChannelPanel = new ChannelPanel(services, channels.state, channel, webviewPanel, () => {
      if (panels.get(channel.id) === panel) panels.delete(channel.id);
    }, outbox);
    panels.set(channel.id, panel);
    return panel;
  };

  const open = async (args: OpenChannelArgs): Promise<ChannelPanel | undefined> => {
    if (!services.auth.client()) {
      await services.showError(services.auth.notSignedInError(), vscode.l10n.t('Could not open the channel'));
      return undefined;
    }
    let panel = panels.get(args.channelId);
    if (!panel) {
      const channel = await findChannel(args.channelId);
      if (!channel) {
        void vscode.window.showWarningMessage(vscode.l10n.t('That channel is not available to you. Refresh the Channels view, or ask to be added.'));
        return undefined;
      }
      const code = await loadPanelCode();
      const webviewPanel = vscode.window.createWebviewPanel(WEBVIEW_VIEW_TYPES.channelPanel, channelDisplayName(channel, services.auth.identity), vscode.ViewColumn.Active, { enableScripts: true });
      panel = attach(code, channel, webviewPanel);
    } else {
      panel.reveal();
    }
    await panel.focus(args);
    return panel;
  };

  const restore = async (webviewPanel: vscode.WebviewPanel, state: unknown): Promise<void> => {
    const channelId = channelIdFromState(state);
    await services.auth.whenRestored();
    const channel = channelId && services.auth.client() ? await findChannel(channelId) : undefined;
    if (channel) attach(await loadPanelCode(), channel, webviewPanel);
    else webviewPanel.dispose();
  };

  services.register(
    vscode.commands.registerCommand(COMMAND_IDS.openChannel, async (arg: unknown) => {
      const args = openChannelArgsOf(arg);
      if (args) await open(args);
    }),
    vscode.window.registerWebviewPanelSerializer(WEBVIEW_VIEW_TYPES.channelPanel, { deserializeWebviewPanel: restore }),
    { dispose: () => [...panels.values()].forEach((p) => p.dispose()) },
  );
  return { open, get: (id) => panels.get(id) };
}
