/**
 * Saved connection profiles: `profiles.json` (mode 0600) in the XDG config folder (mode 0700).
 * `{ "version": 1, "default": "work", "profiles": { "work": { "url": "...", "token": "hpt_..." } } }`
 */
import { ConfigError } from './config-error';
import { profilesPath, type Env } from './paths';
import { readPrivateFile, writePrivateFileAtomic } from './private-file';

export interface Profile {
  url: string;
  token: string;
}

export interface ProfilesFile {
  version: 1;
  default?: string;
  profiles: Record<string, Profile>;
}

/** What may be shown about a profile: never its token. */
export interface ProfileSummary {
  name: string;
  url: string;
  isDefault: boolean;
}

export const PROFILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Profile names are plain own keys: `constructor` or `__proto__` is a name like any other, never Object's. */
function noProfiles(): Record<string, Profile> {
  return Object.create(null) as Record<string, Profile>;
}

function hasProfile(file: ProfilesFile, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(file.profiles, name);
}

function emptyFile(): ProfilesFile {
  return { version: 1, profiles: noProfiles() };
}

function parseProfiles(path: string, text: string): ProfilesFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ConfigError(`${path} is not valid JSON.`, `Fix or remove it, then save your profile again (wsc login).`);
  }
  const bad = () => new ConfigError(`${path} does not look like a wsc profiles file.`, `Fix or remove it, then save your profile again (wsc login).`);
  if (typeof data !== 'object' || data === null) throw bad();
  const record = data as Record<string, unknown>;
  const profiles = record.profiles;
  if (typeof profiles !== 'object' || profiles === null || Array.isArray(profiles)) throw bad();
  const out: ProfilesFile = { version: 1, profiles: noProfiles() };
  for (const [name, value] of Object.entries(profiles as Record<string, unknown>)) {
    if (typeof value !== 'object' || value === null) throw bad();
    const { url, token } = value as Record<string, unknown>;
    if (typeof url !== 'string' || typeof token !== 'string') throw bad();
    out.profiles[name] = { url, token };
  }
  if (typeof record.default === 'string') out.default = record.default;
  return out;
}

function validateUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError(`"${url}" is not a URL.`, 'Give the service address, e.g. https://workspace.example.com or http://127.0.0.1:8787.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`"${url}" is not an http(s) address.`, 'Give the service address, e.g. https://workspace.example.com.');
  }
  return url.replace(/\/+$/, '');
}

export class ProfileStore {
  readonly path: string;

  constructor(options: { path?: string; env?: Env } = {}) {
    this.path = options.path ?? profilesPath(options.env);
  }

  async read(): Promise<ProfilesFile> {
    const text = await readPrivateFile(this.path);
    return text === undefined ? emptyFile() : parseProfiles(this.path, text);
  }

  async list(): Promise<ProfileSummary[]> {
    const file = await this.read();
    return Object.entries(file.profiles).map(([name, p]) => ({ name, url: p.url, isDefault: name === defaultProfileName(file) }));
  }

  /** The profile by name, or the default one; undefined when there is none. */
  async get(name?: string): Promise<(Profile & { name: string }) | undefined> {
    const file = await this.read();
    const chosen = name ?? defaultProfileName(file);
    if (chosen === undefined) return undefined;
    const profile = hasProfile(file, chosen) ? file.profiles[chosen] : undefined;
    return profile ? { name: chosen, ...profile } : undefined;
  }

  /** Adds or replaces a profile; the first one saved (or `makeDefault`) becomes the default. */
  async save(name: string, profile: Profile, options: { makeDefault?: boolean } = {}): Promise<void> {
    if (!PROFILE_NAME_PATTERN.test(name)) {
      throw new ConfigError(`"${name}" is not a usable profile name.`, 'Use letters, digits, ".", "_" or "-" (up to 64), starting with a letter or digit.');
    }
    if (profile.token.trim() === '') throw new ConfigError('The token is empty.', 'Paste the personal token (it starts with hpt_).');
    const file = await this.read();
    file.profiles[name] = { url: validateUrl(profile.url), token: profile.token.trim() };
    if (options.makeDefault || file.default === undefined || !hasProfile(file, file.default)) file.default = name;
    await this.write(file);
  }

  async remove(name: string): Promise<boolean> {
    const file = await this.read();
    if (!hasProfile(file, name)) return false;
    delete file.profiles[name];
    if (file.default === name) {
      const first = Object.keys(file.profiles)[0];
      if (first === undefined) delete file.default;
      else file.default = first;
    }
    await this.write(file);
    return true;
  }

  async setDefault(name: string): Promise<void> {
    const file = await this.read();
    if (!hasProfile(file, name)) {
      throw new ConfigError(`There is no profile named "${name}".`, `Known profiles: ${Object.keys(file.profiles).join(', ') || 'none'}. Save one with wsc login.`);
    }
    file.default = name;
    await this.write(file);
  }

  private async write(file: ProfilesFile): Promise<void> {
    await writePrivateFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`);
  }
}

function defaultProfileName(file: ProfilesFile): string | undefined {
  if (file.default !== undefined && hasProfile(file, file.default)) return file.default;
  const names = Object.keys(file.profiles);
  return names.length === 1 ? names[0] : undefined;
}
