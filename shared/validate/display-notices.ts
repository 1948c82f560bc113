// Says once per process that a display field was missing from a whole answer: to the client's
// logger (the extension's output channel) and to whoever listens (the CLI writes one stderr line).
import type { Logger } from '../logger';
import type { AbsentDisplayField } from './display-fields';

export interface MissingDisplayField {
  /** `channels[].kind`. */
  field: string;
  /** `GET /api/v1/channels`. */
  endpoint: string;
  /** What wsc shows instead, e.g. `"unknown author"`. */
  shownInstead: string;
  /** One sentence: the field, the endpoint, the placeholder and `wsc doctor`. */
  message: string;
}

const said = new Set<string>();
const listeners = new Set<(notice: MissingDisplayField) => void>();

/** Hears each missing display field once per process; returns the unsubscribe. */
export function onMissingDisplayField(listener: (notice: MissingDisplayField) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportMissingDisplayFields(schemaName: string, fields: readonly AbsentDisplayField[], method: string, path: string, logger?: Logger): void {
  for (const { field, shownInstead } of fields) {
    const key = `${schemaName} ${field}`;
    if (said.has(key)) continue;
    said.add(key);
    const endpoint = `${method} ${path}`;
    const message = `The service's answer to ${endpoint} has no "${field}" field, so wsc shows ${shownInstead} in its place; run \`wsc doctor\` to compare the service with what wsc relies on.`;
    const notice: MissingDisplayField = { field, endpoint, shownInstead, message };
    logger?.warn(message, { field, endpoint });
    for (const listener of listeners) listener(notice);
  }
}
