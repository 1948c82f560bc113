// Env value fingerprints: `sha256:<first 12 hex>` of the value, enough to tell values apart
// without revealing them.
import { createHash } from 'node:crypto';

export function fingerprint(value: string): string {
  return `sha256:${createHash('sha256').update(value, 'utf8').digest('hex').slice(0, 12)}`;
}
