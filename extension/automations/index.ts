// wsc.manageAutomations: one automations panel per channel.
import type { WscServices } from '../context';
import { COMMAND_IDS, WEBVIEW_VIEW_TYPES } from '../ids';
import { registerChannelPanelKind } from '../panels/channel-panel-registry';
import type { AutomationsPanel, ConfirmDelete } from './automations-panel';
import { l10n } from '../l10n';

export interface AutomationsFeature {
  /** Opens (or reveals) the automations of the channel the argument names; asks when it names none. */
  open(arg?: unknown): Promise<AutomationsPanel | undefined>;
  panelFor(channelId: string): AutomationsPanel | undefined;
  /** Replaces the delete confirmation (tests answer it). */
  setConfirmDelete(confirm: ConfirmDelete | undefined): void;
}

export function registerAutomations(services: WscServices): AutomationsFeature {
  // Undefined: VS Code's modal (automations-panel.ts, loaded with the panel).
  let confirm: ConfirmDelete | undefined;
  const panels = registerChannelPanelKind(services, {
    command: COMMAND_IDS.manageAutomations,
    viewType: WEBVIEW_VIEW_TYPES.automations,
    title: 'Automations',
    purpose: 'automations',
    failure: l10n.t('Could not open the automations'),
    load: async () => {
      const { AutomationsPanel, confirmDeleteWithModal } = await import('./automations-panel');
      return (panel, channel, onDisposed) => new AutomationsPanel(services, panel, channel, () => confirm ?? confirmDeleteWithModal, onDisposed);
    },
  });

  return {
    open: panels.open,
    panelFor: panels.panelFor,
    setConfirmDelete: (next) => {
      confirm = next;
    },
  };
}
