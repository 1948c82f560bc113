// wsc.manageAutomations: one automations panel per channel.
import * as vscode from 'vscode';
import { channelFromState, resolveChannel, type ChannelRef } from '../channel-settings/channel-arg';
import type { WscServices } from '../context';
import { AUTOMATIONS_VIEW_TYPE, AutomationsPanel, confirmDeleteWithModal, type ConfirmDelete } from './automations-panel';

/** Stable: other tools drive it. */
export const MANAGE_AUTOMATIONS_COMMAND = 'wsc.manageAutomations';

export interface AutomationsFeature {
  /** Opens (or reveals) the automations of the channel the argument names; asks when it names none. */
  open(arg?: unknown): Promise<AutomationsPanel | undefined>;
  panelFor(channelId: string): AutomationsPanel | undefined;
  /** Replaces the delete confirmation (tests answer it). */
  setConfirmDelete(confirm: ConfirmDelete | undefined): void;
}

export function registerAutomations(services: WscServices): AutomationsFeature {
  const open = new Map<string, AutomationsPanel>();
  let confirm: ConfirmDelete = confirmDeleteWithModal;

  const openFor = async (arg?: unknown): Promise<AutomationsPanel | undefined> => {
    const client = services.auth.requireClient();
    const channel = await resolveChannel(arg, client, 'automations');
    if (!channel) return undefined;
    const existing = open.get(channel.id);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(AUTOMATIONS_VIEW_TYPE, `Automations · ${channel.name}`, vscode.ViewColumn.Active, {});
    return create(panel, channel);
  };

  function create(panel: vscode.WebviewPanel, channel: ChannelRef): AutomationsPanel {
    const created: AutomationsPanel = new AutomationsPanel(services, panel, channel, () => confirm, () => {
      if (open.get(channel.id) === created) open.delete(channel.id);
    });
    open.set(channel.id, created);
    return created;
  }

  services.register(
    vscode.commands.registerCommand(MANAGE_AUTOMATIONS_COMMAND, (arg?: unknown) =>
      openFor(arg).catch((error: unknown) => {
        void services.showError(error, 'open the automations');
        return undefined;
      }),
    ),
    // After a reload: the webview saved its channel (and the open form) with setState.
    vscode.window.registerWebviewPanelSerializer(AUTOMATIONS_VIEW_TYPE, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        const channel = channelFromState(state);
        if (!channel || open.has(channel.id)) panel.dispose();
        else create(panel, channel);
      },
    }),
    { dispose: () => [...open.values()].forEach((p) => p.dispose()) },
  );

  return {
    open: openFor,
    panelFor: (id) => open.get(id),
    setConfirmDelete: (next) => {
      confirm = next ?? confirmDeleteWithModal;
    },
  };
}
