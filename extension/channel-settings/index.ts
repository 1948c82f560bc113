// wsc.channelSettings: one settings panel per channel.
import type { WscServices } from '../context';
import { COMMAND_IDS, WEBVIEW_VIEW_TYPES } from '../ids';
import { registerChannelPanelKind } from '../panels/channel-panel-registry';
import type { SettingsPanel } from './settings-panel';
import type { SettingsPrompts } from './settings-prompts';
import { l10n } from '../l10n';

export interface ChannelSettingsFeature {
  open(arg?: unknown): Promise<SettingsPanel | undefined>;
  panelFor(channelId: string): SettingsPanel | undefined;
  /** Replaces some of the questions (tests answer them); undefined restores VS Code's inputs. */
  setPrompts(prompts: Partial<SettingsPrompts> | undefined): void;
}

export function registerChannelSettings(services: WscServices): ChannelSettingsFeature {
  // What tests answer instead of VS Code's inputs (settings-prompts.ts, loaded with the panel).
  let replaced: Partial<SettingsPrompts> | undefined;
  const panels = registerChannelPanelKind(services, {
    command: COMMAND_IDS.channelSettings,
    viewType: WEBVIEW_VIEW_TYPES.channelSettings,
    title: 'Settings',
    purpose: 'settings',
    failure: l10n.t('Could not open the channel settings'),
    load: async () => {
      const [{ SettingsPanel }, { vscodeSettingsPrompts }] = await Promise.all([import('./settings-panel'), import('./settings-prompts')]);
      const prompts = (): SettingsPrompts => (replaced ? { ...vscodeSettingsPrompts, ...replaced } : vscodeSettingsPrompts);
      return (panel, channel, onDisposed) => new SettingsPanel(services, panel, channel, prompts, onDisposed);
    },
  });

  return {
    open: panels.open,
    panelFor: panels.panelFor,
    setPrompts: (next) => {
      replaced = next;
    },
  };
}
