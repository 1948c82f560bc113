import type { WscServices } from '../context';

export function registerSearch(_services: WscServices): void {}
