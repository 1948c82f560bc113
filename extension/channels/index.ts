// Channels view: channels and DMs, open / copy link / join / mute. (Filled in by channels-tree.ts.)
import type { WscServices } from '../context';

export interface ChannelsFeature {
  readonly ready: true;
}

export function registerChannels(_services: WscServices): ChannelsFeature {
  return { ready: true };
}
