import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConfigError,
  configDir,
  cursorPath,
  describeConnectionSource,
  FileCursorStore,
  MemoryCursorStore,
  ProfileStore,
  profilesPath,
  resolveConnection,
  stateDir,
} from '../../../shared/config';

let home: string;
let env: Record<string, string>;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'wsc-config-'));
  env = { HOME: home, XDG_CONFIG_HOME: join(home, 'xdg-config') };
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

const mode = async (p: string) => (await stat(p)).mode & 0o777;

describe('config paths', () => {
  it('follows XDG, else ~/.config and ~/.local/state', () => {
    expect(configDir({ HOME: '/h', XDG_CONFIG_HOME: '/x' })).toBe('/x/wsc');
    expect(configDir({ HOME: '/h' })).toBe('/h/.config/wsc');
    expect(configDir({ HOME: '/h', XDG_CONFIG_HOME: 'relative' })).toBe('/h/.config/wsc');
    expect(profilesPath({ HOME: '/h' })).toBe('/h/.config/wsc/profiles.json');
    expect(stateDir({ HOME: '/h' })).toBe('/h/.local/state/wsc');
    // Named by a hash of the name (which holds server strings), never by the name itself.
    expect(cursorPath('mentions/work', { HOME: '/h', XDG_STATE_HOME: '/s' })).toMatch(/^\/s\/wsc\/cursors\/[0-9a-f]{40}\.json$/);
    expect(cursorPath('x'.repeat(5000), { HOME: '/h' }).length).toBeLessThan(120);
    expect(cursorPath('a', { HOME: '/h' })).not.toBe(cursorPath('b', { HOME: '/h' }));
  });
});

describe('ProfileStore', () => {
  it('writes the file 0600 in a 0700 folder, atomically, with no temp files left', async () => {
    const store = new ProfileStore({ env });
    await store.save('work', { url: 'http://127.0.0.1:9/', token: 'hpt_secret1' });
    expect(store.path).toBe(join(home, 'xdg-config', 'wsc', 'profiles.json'));
    expect(await mode(store.path)).toBe(0o600);
    expect(await mode(join(home, 'xdg-config', 'wsc'))).toBe(0o700);
    expect(await readdir(join(home, 'xdg-config', 'wsc'))).toEqual(['profiles.json']);
    const saved = JSON.parse(await readFile(store.path, 'utf8'));
    expect(saved).toEqual({ version: 1, default: 'work', profiles: { work: { url: 'http://127.0.0.1:9', token: 'hpt_secret1' } } });
  });

  it('tightens an existing loose folder to 0700 on save', async () => {
    const dir = join(home, 'xdg-config', 'wsc');
    await mkdir(dir, { recursive: true, mode: 0o755 });
    await chmod(dir, 0o755);
    await new ProfileStore({ env }).save('a', { url: 'https://a.example', token: 'hpt_a' });
    expect(await mode(dir)).toBe(0o700);
  });

  it('keeps several profiles and a default; lists them without tokens', async () => {
    const store = new ProfileStore({ env });
    await store.save('work', { url: 'https://work.example', token: 'hpt_w' });
    await store.save('home', { url: 'https://home.example', token: 'hpt_h' });
    expect((await store.get())?.name).toBe('work');
    await store.setDefault('home');
    expect((await store.get())?.name).toBe('home');
    const list = await store.list();
    expect(list).toEqual([
      { name: 'work', url: 'https://work.example', isDefault: false },
      { name: 'home', url: 'https://home.example', isDefault: true },
    ]);
    expect(JSON.stringify(list)).not.toContain('hpt_');
    expect(await store.remove('home')).toBe(true);
    expect((await store.get())?.name).toBe('work');
    await expect(store.setDefault('nope')).rejects.toThrow(/no profile named "nope"/);
  });

  it('refuses a file others can read, saying how to fix it', async () => {
    const store = new ProfileStore({ env });
    await store.save('work', { url: 'https://work.example', token: 'hpt_w' });
    for (const loose of [0o644, 0o640, 0o604, 0o660]) {
      await chmod(store.path, loose);
      const error = await store.read().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain(`mode ${loose.toString(8)}`);
      expect((error as ConfigError).hint).toBe(`Make it private: chmod 600 ${store.path}`);
      expect(String(error)).not.toContain('hpt_w');
    }
    await chmod(store.path, 0o600);
    expect((await store.get('work'))?.token).toBe('hpt_w');
  });

  it('refuses bad names, URLs and files with a next step', async () => {
    const store = new ProfileStore({ env });
    await expect(store.save('../x', { url: 'https://a.example', token: 't' })).rejects.toThrow(ConfigError);
    await expect(store.save('x', { url: 'ftp://a.example', token: 't' })).rejects.toThrow(/not an http\(s\) address/);
    await expect(store.save('x', { url: 'https://a.example', token: ' ' })).rejects.toThrow(/token is empty/);
    await mkdir(join(home, 'xdg-config', 'wsc'), { recursive: true, mode: 0o700 });
    await writeFile(store.path, '{not json', { mode: 0o600 });
    await expect(store.read()).rejects.toThrow(/not valid JSON/);
  });
});

describe('resolveConnection', () => {
  const path = () => join(home, 'xdg-config', 'wsc', 'profiles.json');

  it('prefers WSC_URL and WSC_TOKEN and never saves them', async () => {
    const c = await resolveConnection({ env: { ...env, WSC_URL: 'http://127.0.0.1:1/', WSC_TOKEN: 'hpt_env' } });
    expect(c).toEqual({ baseUrl: 'http://127.0.0.1:1', token: 'hpt_env', source: 'env' });
    await expect(stat(path())).rejects.toThrow();
    expect(describeConnectionSource(c)).not.toContain('hpt_env');
  });

  it('uses the default profile, a chosen one, or WSC_PROFILE', async () => {
    const store = new ProfileStore({ env });
    await store.save('work', { url: 'https://work.example', token: 'hpt_w' });
    await store.save('home', { url: 'https://home.example', token: 'hpt_h' });
    expect(await resolveConnection({ env })).toEqual({ baseUrl: 'https://work.example', token: 'hpt_w', source: 'profile:work' });
    expect((await resolveConnection({ env, profile: 'home' })).source).toBe('profile:home');
    expect((await resolveConnection({ env: { ...env, WSC_PROFILE: 'home' } })).source).toBe('profile:home');
    await expect(resolveConnection({ env, profile: 'nope' })).rejects.toMatchObject({ hint: expect.stringMatching(/Known profiles: work, home/) });
    const c = await resolveConnection({ env });
    expect(describeConnectionSource(c, store.path)).toBe(`token from profile "work" in ${store.path}`);
  });

  it('never sends a saved token to another service named by WSC_URL', async () => {
    await new ProfileStore({ env }).save('work', { url: 'https://work.example', token: 'hpt_w' });
    expect(await resolveConnection({ env: { ...env, WSC_URL: 'https://other.example' } })).toEqual({
      baseUrl: 'https://other.example',
      token: null,
      source: 'none',
    });
    expect((await resolveConnection({ env: { ...env, WSC_URL: 'https://work.example/' } })).source).toBe('profile:work');
  });

  it('says none when nothing is configured, and refuses a readable profile file', async () => {
    const none = await resolveConnection({ env });
    expect(none).toEqual({ baseUrl: null, token: null, source: 'none' });
    expect(describeConnectionSource(none)).toMatch(/wsc login/);
    const store = new ProfileStore({ env });
    await store.save('work', { url: 'https://work.example', token: 'hpt_w' });
    await chmod(store.path, 0o644);
    await expect(resolveConnection({ env })).rejects.toMatchObject({ hint: expect.stringMatching(/^Make it private: chmod 600 /) });
  });

  it('asks for WSC_URL when only WSC_TOKEN is set and no profile gives an address', async () => {
    await expect(resolveConnection({ env: { ...env, WSC_TOKEN: 'hpt_x' } })).rejects.toMatchObject({ hint: expect.stringMatching(/Set WSC_URL/) });
  });
});

describe('cursor stores', () => {
  it('memory store records saves in order', async () => {
    const s = new MemoryCursorStore<number>();
    expect(await s.load()).toBeUndefined();
    await s.save(3);
    await s.save(7);
    expect(await s.load()).toBe(7);
    expect(s.saved).toEqual([3, 7]);
  });

  it('file store round-trips strings exactly and survives a corrupt file', async () => {
    const p = cursorPath('mentions-work', { ...env, XDG_STATE_HOME: join(home, 'state') });
    const s = new FileCursorStore(p);
    expect(await s.load()).toBeUndefined();
    await s.save('2026-01-02T03:04:05.123456Z');
    expect(await new FileCursorStore(p).load()).toBe('2026-01-02T03:04:05.123456Z');
    expect(await mode(p)).toBe(0o600);
    await writeFile(p, 'garbage');
    expect(await s.load()).toBeUndefined();
  });
});

describe('the profile folder, symlinks and odd names', () => {
  const saveWork = async () => {
    const store = new ProfileStore({ env });
    await store.save('work', { url: 'https://work.example', token: 'hpt_w' });
    return store;
  };

  it.each([0o755, 0o750, 0o777, 0o701])('refuses a profile folder of mode %o (others can read, write or enter it)', async (folderMode) => {
    const store = await saveWork();
    const dir = join(home, 'xdg-config', 'wsc');
    await chmod(dir, folderMode);
    const refused = resolveConnection({ env });
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toMatchObject({ message: expect.stringContaining('open to other users'), hint: `Make it private: chmod 700 ${dir}` });
    await chmod(dir, 0o700);
    expect((await resolveConnection({ env })).source).toBe('profile:work');
    expect(store.path).toBe(join(dir, 'profiles.json'));
  });

  it('refuses a profiles file that is a symbolic link, even to a private file of ours', async () => {
    const store = await saveWork();
    const elsewhere = join(home, 'elsewhere.json');
    await rename(store.path, elsewhere);
    await symlink(elsewhere, store.path);
    await expect(resolveConnection({ env })).rejects.toMatchObject({ message: expect.stringContaining('is a symbolic link') });
  });

  it('follows a symlinked folder and judges the real folder it leads to', async () => {
    const real = join(home, 'dotfiles', 'wsc');
    await mkdir(real, { recursive: true, mode: 0o700 });
    await mkdir(join(home, 'xdg-config'), { recursive: true });
    await symlink(real, join(home, 'xdg-config', 'wsc'));
    await saveWork();
    expect((await resolveConnection({ env })).source).toBe('profile:work');
    await chmod(real, 0o777);
    await expect(resolveConnection({ env })).rejects.toMatchObject({ hint: `Make it private: chmod 700 ${real}` });
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('"%s" is a profile name like any other: unknown until saved, then itself', async (name) => {
    await saveWork();
    const missing = resolveConnection({ env, profile: name });
    await expect(missing).rejects.toBeInstanceOf(ConfigError);
    await expect(missing).rejects.toMatchObject({ message: `There is no profile named "${name}".` });
    if (name === '__proto__') return; // not a usable name (PROFILE_NAME_PATTERN)
    const store = new ProfileStore({ env });
    await store.save(name, { url: 'https://odd.example', token: 'hpt_odd' });
    expect(await resolveConnection({ env, profile: name })).toEqual({ baseUrl: 'https://odd.example', token: 'hpt_odd', source: `profile:${name}` });
    expect(await store.remove(name)).toBe(true);
    expect(await store.remove(name)).toBe(false);
  });
});
