// The key a token is stored, rate-limited and receipted under: a hash, never the token itself.
import { createHash } from 'node:crypto';

export function tokenKey(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}
