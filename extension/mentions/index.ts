import type { WscServices } from '../context';

export interface MentionsFeature {
  readonly ready: true;
}

export function registerMentions(_services: WscServices): MentionsFeature {
  return { ready: true };
}
