// Which account a connection acts as, and who that is, remembered without the token.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownAccount, knownReader, rememberAccount } from '../../../shared/offline/known-accounts';

const connection = { baseUrl: 'http://127.0.0.1:8787/', token: 'hpt_secret_token' };
const identity = { workspaceId: 'w1', userId: 'u1' };

describe('known accounts', () => {
  it('remember the account and its reader in a private file that holds no token', () => {
    const root = mkdtempSync(join(tmpdir(), 'wsc-known-'));
    expect(knownAccount(root, connection)).toBeUndefined();
    rememberAccount(root, connection, { ...identity, name: 'Maria Member', handle: 'maria' });
    expect(knownAccount(root, connection)).toEqual({ serviceUrl: 'http://127.0.0.1:8787', ...identity });
    expect(knownReader(root, connection)).toEqual({ name: 'Maria Member', handle: 'maria' });
    const file = join(root, 'accounts.json');
    expect(readFileSync(file, 'utf8')).not.toContain(connection.token);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('a later call without the name keeps the reader; another account forgets it', () => {
    const root = mkdtempSync(join(tmpdir(), 'wsc-known-'));
    rememberAccount(root, connection, { ...identity, name: 'Maria Member', handle: 'maria' });
    rememberAccount(root, connection, identity);
    expect(knownReader(root, connection)).toEqual({ name: 'Maria Member', handle: 'maria' });
    rememberAccount(root, connection, { workspaceId: 'w1', userId: 'u2' });
    expect(knownAccount(root, connection)?.userId).toBe('u2');
    expect(knownReader(root, connection)).toBeUndefined();
  });

  it('another token finds nothing', () => {
    const root = mkdtempSync(join(tmpdir(), 'wsc-known-'));
    rememberAccount(root, connection, { ...identity, name: 'Maria Member', handle: 'maria' });
    expect(knownReader(root, { ...connection, token: 'hpt_other' })).toBeUndefined();
  });
});
