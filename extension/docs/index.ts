import type { WscServices } from '../context';

export interface DocsFeature {
  readonly ready: true;
}

export function registerDocs(_services: WscServices): DocsFeature {
  return { ready: true };
}
