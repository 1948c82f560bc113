// wsc.channelSettings: one settings panel per channel.
import * as vscode from 'vscode';
import type { WscServices } from '../context';
import { channelFromState, resolveChannel, type ChannelRef } from './channel-arg';
import { SETTINGS_VIEW_TYPE, SettingsPanel } from './settings-panel';
import { vscodeSettingsPrompts, type SettingsPrompts } from './settings-prompts';

/** Stable: other tools drive it. */
export const CHANNEL_SETTINGS_COMMAND = 'wsc.channelSettings';

export interface ChannelSettingsFeature {
  open(arg?: unknown): Promise<SettingsPanel | undefined>;
  panelFor(channelId: string): SettingsPanel | undefined;
  /** Replaces some of the questions (tests answer them); undefined restores VS Code's inputs. */
  setPrompts(prompts: Partial<SettingsPrompts> | undefined): void;
}

export function registerChannelSettings(services: WscServices): ChannelSettingsFeature {
  const open = new Map<string, SettingsPanel>();
  let prompts: SettingsPrompts = vscodeSettingsPrompts;

  const openFor = async (arg?: unknown): Promise<SettingsPanel | undefined> => {
    const client = services.auth.requireClient();
    const channel = await resolveChannel(arg, client, 'settings');
    if (!channel) return undefined;
    const existing = open.get(channel.id);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(SETTINGS_VIEW_TYPE, `Settings · ${channel.name}`, vscode.ViewColumn.Active, {});
    return create(panel, channel);
  };

  function create(panel: vscode.WebviewPanel, channel: ChannelRef): SettingsPanel {
    const created: SettingsPanel = new SettingsPanel(services, panel, channel, () => prompts, () => {
      if (open.get(channel.id) === created) open.delete(channel.id);
    });
    open.set(channel.id, created);
    return created;
  }

  services.register(
    vscode.commands.registerCommand(CHANNEL_SETTINGS_COMMAND, (arg?: unknown) =>
      openFor(arg).catch((error: unknown) => {
        void services.showError(error, 'open the channel settings');
        return undefined;
      }),
    ),
    vscode.window.registerWebviewPanelSerializer(SETTINGS_VIEW_TYPE, {
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
    setPrompts: (next) => {
      prompts = next ? { ...vscodeSettingsPrompts, ...next } : vscodeSettingsPrompts;
    },
  };
}
