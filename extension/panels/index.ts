import type { WscServices } from '../context';

export interface ChannelPanelsFeature {
  readonly ready: true;
}

export function registerChannelPanels(_services: WscServices): ChannelPanelsFeature {
  return { ready: true };
}
