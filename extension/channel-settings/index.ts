// wsc.channelSettings: one settings panel per channel.
import type { WscServices } from '../context';
import { COMMAND_IDS, WEBVIEW_VIEW_TYPES } from '../ids';
import { registerChannelPanelKind } from '../panels/channel-panel-registry';
import { SettingsPanel } from './settings-panel';
import { vscodeSettingsPrompts, type SettingsPrompts } from './settings-prompts';

export interface ChannelSettingsFeature {
  open(arg?: unknown): Promise<SettingsPanel | undefined>;
  panelFor(channelId: string): SettingsPanel | undefined;
  /** Replaces some of the questions (tests answer them); undefined restores VS Code's inputs. */
  setPrompts(prompts: Partial<SettingsPrompts> | undefined): void;
}

export function registerChannelSettings(services: WscServices): ChannelSettingsFeature {
  let prompts: SettingsPrompts = vscodeSettingsPrompts;
  const panels = registerChannelPanelKind(services, {
    command: COMMAND_IDS.channelSettings,
    viewType: WEBVIEW_VIEW_TYPES.channelSettings,
    title: 'Settings',
    purpose: 'settings',
    doing: 'open the channel settings',
    create: (panel, channel, onDisposed) => new SettingsPanel(services, panel, channel, () => prompts, onDisposed),
  });

  return {
    open: panels.open,
    panelFor: panels.panelFor,
    setPrompts: (next) => {
      prompts = next ? { ...vscodeSettingsPrompts, ...next } : vscodeSettingsPrompts;
    },
  };
}
