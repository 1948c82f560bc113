/**
 * Which account a connection (service URL and token) acted as when it last reached the service, so
 * that the offline files can be found while the service cannot be asked (`GET /me` needs it).
 * Kept in `<root>/accounts.json` (0600), keyed by a SHA-256 of URL and token: the token itself is
 * never written, and a new token finds nothing until it has reached the service once.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OfflineAccount } from './store-folder';
import { setAsideUnreadable } from './store-notices';

const FILE = 'accounts.json';

export interface OfflineConnection {
  readonly baseUrl: string;
  readonly token: string;
}

function connectionKey(connection: OfflineConnection): string {
  // node:crypto fetched at first use, not imported: loading the extension does not load it.
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(`${connection.baseUrl.replace(/\/+$/, '')}\n${connection.token}`).digest('hex');
}

function readAll(root: string): Record<string, OfflineAccount> {
  const path = join(root, FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {}; // none yet
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, OfflineAccount>;
    setAsideUnreadable(path, 'The list of known accounts', 'not an object of accounts');
  } catch (error) {
    // Corrupt or foreign: moved aside (never emptied in place), so nothing it named is lost.
    setAsideUnreadable(path, 'The list of known accounts', error instanceof Error ? error.message : String(error));
  }
  return {};
}

function isAccount(value: unknown): value is OfflineAccount {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.serviceUrl === 'string' && typeof v.workspaceId === 'string' && typeof v.userId === 'string';
}

/** Who the account is, for naming rooms ("@Bob" rather than "@Alice, Bob" in Alice's DM). */
export interface KnownReader {
  readonly name: string;
  readonly handle: string;
}

type Remembered = OfflineAccount & Partial<KnownReader>;

export function knownAccount(root: string, connection: OfflineConnection): OfflineAccount | undefined {
  const found = readAll(root)[connectionKey(connection)];
  return isAccount(found) ? { serviceUrl: found.serviceUrl, workspaceId: found.workspaceId, userId: found.userId } : undefined;
}

/** The account's name and handle as last learnt from the service; undefined when never learnt. */
export function knownReader(root: string, connection: OfflineConnection): KnownReader | undefined {
  const found = readAll(root)[connectionKey(connection)] as Remembered | undefined;
  return isAccount(found) && typeof found.name === 'string' && typeof found.handle === 'string' ? { name: found.name, handle: found.handle } : undefined;
}

/** Remembers the account (and, when given, its name and handle; a call without them keeps those known). */
export function rememberAccount(root: string, connection: OfflineConnection, identity: { workspaceId: string; userId: string; name?: string; handle?: string }): OfflineAccount {
  const account: OfflineAccount = { serviceUrl: connection.baseUrl.replace(/\/+$/, ''), workspaceId: identity.workspaceId, userId: identity.userId };
  const all = readAll(root);
  const key = connectionKey(connection);
  const known = all[key] as Remembered | undefined;
  // The service URL is part of the key, so the same key and ids are the same account.
  const same = isAccount(known) && known.workspaceId === account.workspaceId && known.userId === account.userId;
  const reader = identity.name !== undefined && identity.handle !== undefined ? { name: identity.name, handle: identity.handle } : undefined;
  if (same && (reader === undefined || (known.name === reader.name && known.handle === reader.handle))) return account;
  all[key] = { ...account, ...reader };
  writeAll(root, all);
  return account;
}

/** Forgets the connection (sign-out); the account's folder is the caller's to keep or remove. */
export function forgetAccount(root: string, connection: OfflineConnection): void {
  const all = readAll(root);
  const key = connectionKey(connection);
  if (!(key in all)) return;
  delete all[key];
  writeAll(root, all);
}

function writeAll(root: string, all: Record<string, OfflineAccount>): void {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const path = join(root, FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(all), { mode: 0o600 });
  renameSync(temporary, path);
}
