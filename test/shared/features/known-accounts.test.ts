// Which account a connection acts as, and who that is, remembered without the token.
import { existsSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgetAccount, knownAccount, knownReader, rememberAccount } from '../../../shared/offline/known-accounts';

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

  it('the same service with or without trailing slashes is one connection, remembered without them', () => {
    const root = mkdtempSync(join(tmpdir(), 'wsc-known-'));
    rememberAccount(root, { ...connection, baseUrl: 'http://127.0.0.1:8787//' }, identity);
    expect(knownAccount(root, connection)?.serviceUrl).toBe('http://127.0.0.1:8787');
    expect(knownAccount(root, { ...connection, baseUrl: 'http://127.0.0.1:8787' })).toEqual({ serviceUrl: 'http://127.0.0.1:8787', ...identity });
  });

  it('a new name or a new handle for the same account replaces the one known; a call with only one of them keeps both', () => {
    const root = mkdtempSync(join(tmpdir(), 'wsc-known-'));
    rememberAccount(root, connection, { ...identity, name: 'Maria Member', handle: 'maria' });
    rememberAccount(root, connection, { ...identity, name: 'Maria Moss', handle: 'maria' });
    expect(knownReader(root, connection)).toEqual({ name: 'Maria Moss', handle: 'maria' });
    rememberAccount(root, connection, { ...identity, name: 'Maria Moss', handle: 'mmoss' });
    expect(knownReader(root, connection)).toEqual({ name: 'Maria Moss', handle: 'mmoss' });
    rememberAccount(root, connection, { ...identity, name: 'Someone' });
    rememberAccount(root, connection, { ...identity, handle: 'someone' });
    expect(knownReader(root, connection)).toEqual({ name: 'Maria Moss', handle: 'mmoss' });
  });

  it('the same user id in another workspace is another account: its reader is not kept', () => {
    const root = mkdtempSync(join(tmpdir(), 'wsc-known-'));
    rememberAccount(root, connection, { ...identity, name: 'Maria Member', handle: 'maria' });
    rememberAccount(root, connection, { workspaceId: 'w2', userId: 'u1' });
    expect(knownAccount(root, connection)).toEqual({ serviceUrl: 'http://127.0.0.1:8787', workspaceId: 'w2', userId: 'u1' });
    expect(knownReader(root, connection)).toBeUndefined();
  });

  it('remembering what is already known, with or without a reader, leaves the file as it is', () => {
    const root = mkdtempSync(join(tmpdir(), 'wsc-known-'));
    const file = join(root, 'accounts.json');
    rememberAccount(root, connection, identity);
    utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(rememberAccount(root, connection, identity)).toEqual({ serviceUrl: 'http://127.0.0.1:8787', ...identity });
    expect(statSync(file).mtime.getFullYear()).toBe(2020);
    rememberAccount(root, connection, { ...identity, name: 'Maria Member', handle: 'maria' });
    utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1));
    rememberAccount(root, connection, identity);
    rememberAccount(root, connection, { ...identity, name: 'Maria Member', handle: 'maria' });
    expect(statSync(file).mtime.getFullYear()).toBe(2020);
  });

  it('a damaged file or entry counts as nothing known, and remembering again repairs it', () => {
    for (const content of ['not json', 'null', '42', '"text"', '[]']) {
      const root = mkdtempSync(join(tmpdir(), 'wsc-known-'));
      writeFileSync(join(root, 'accounts.json'), content);
      expect(knownAccount(root, connection), content).toBeUndefined();
      rememberAccount(root, connection, { ...identity, name: 'Maria Member', handle: 'maria' });
      expect(knownAccount(root, connection), content).toEqual({ serviceUrl: 'http://127.0.0.1:8787', ...identity });
      expect(knownReader(root, connection), content).toEqual({ name: 'Maria Member', handle: 'maria' });
    }
    const damagedEntries: unknown[] = [
      null,
      'u1',
      { workspaceId: 'w1', userId: 'u1' },
      { serviceUrl: 'http://127.0.0.1:8787', userId: 'u1', name: 'Maria Member', handle: 'maria' },
      { serviceUrl: 'http://127.0.0.1:8787', workspaceId: 'w1', userId: 7, name: 'Maria Member', handle: 'maria' },
    ];
    for (const entry of damagedEntries) {
      const root = mkdtempSync(join(tmpdir(), 'wsc-known-'));
      rememberAccount(root, connection, identity);
      const file = join(root, 'accounts.json');
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const key of Object.keys(all)) all[key] = entry;
      writeFileSync(file, JSON.stringify(all));
      const label = JSON.stringify(entry);
      expect(knownAccount(root, connection), label).toBeUndefined();
      expect(knownReader(root, connection), label).toBeUndefined();
      rememberAccount(root, connection, identity);
      expect(knownAccount(root, connection), label).toEqual({ serviceUrl: 'http://127.0.0.1:8787', ...identity });
    }
  });

  it('a reader is known only with both a name and a handle', () => {
    for (const reader of [{ name: 'Maria Member' }, { handle: 'maria' }, { name: 'Maria Member', handle: 3 }, { name: 3, handle: 'maria' }]) {
      const root = mkdtempSync(join(tmpdir(), 'wsc-known-'));
      rememberAccount(root, connection, identity);
      const file = join(root, 'accounts.json');
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, object>;
      for (const [key, value] of Object.entries(all)) all[key] = { ...value, ...reader };
      writeFileSync(file, JSON.stringify(all));
      expect(knownReader(root, connection), JSON.stringify(reader)).toBeUndefined();
      expect(knownAccount(root, connection)).toEqual({ serviceUrl: 'http://127.0.0.1:8787', ...identity });
    }
  });

  it('signing out forgets that connection only; the file stays private; forgetting the unknown writes nothing', () => {
    const root = mkdtempSync(join(tmpdir(), 'wsc-known-'));
    forgetAccount(root, connection);
    expect(existsSync(join(root, 'accounts.json'))).toBe(false);
    const other = { ...connection, token: 'hpt_other' };
    rememberAccount(root, connection, identity);
    rememberAccount(root, other, { workspaceId: 'w1', userId: 'u2' });
    forgetAccount(root, connection);
    expect(knownAccount(root, connection)).toBeUndefined();
    expect(knownAccount(root, other)?.userId).toBe('u2');
    expect(statSync(join(root, 'accounts.json')).mode & 0o777).toBe(0o600);
  });
});

