// wsc.manageAutomations: one automations panel per channel.
import type { WscServices } from '../context';
import { registerChannelPanelKind } from '../panels/channel-panel-registry';
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
  let confirm: ConfirmDelete = confirmDeleteWithModal;
  const panels = registerChannelPanelKind(services, {
    command: MANAGE_AUTOMATIONS_COMMAND,
    viewType: AUTOMATIONS_VIEW_TYPE,
    title: 'Automations',
    purpose: 'automations',
    doing: 'open the automations',
    create: (panel, channel, onDisposed) => new AutomationsPanel(services, panel, channel, () => confirm, onDisposed),
  });

  return {
    open: panels.open,
    panelFor: panels.panelFor,
    setConfirmDelete: (next) => {
      confirm = next ?? confirmDeleteWithModal;
    },
  };
}
