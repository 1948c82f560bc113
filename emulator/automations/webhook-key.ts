// One-time webhook keys: the raw key is answered once at create; only its hash is stored.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newWebhookKey(): string {
  return `whk_${randomBytes(24).toString('base64url')}`;
}

export function hashWebhookKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function webhookKeyMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashWebhookKey(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
