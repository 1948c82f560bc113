// The terminal UI's settings: `tui.toml` in the wsc config folder ($XDG_CONFIG_HOME/wsc, else
// ~/.config/wsc), lines of `key = "value"` (TOML's simple form; `#` starts a comment). Read once at
// start by the UI (tui/config.ts) and by `wsc config` (show, check): a missing file means the
// defaults, a wrong line is named (with its line and what to do) and ignored. Each value knows where
// it came from: the default, a line of the file, or the environment (WSC_HYPERLINKS, WSC_ACCESSIBLE).
//
// `[keys]`: the lines of that section are the keymap's (remapped keys: `action = "key"` or
// `action = ["key", "key"]`). They are kept as they are (`keys`) for the keymap to read and check
// (tui/keys/key-remap.ts): this file knows no key names.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir } from '../shared/index';
import type { NotificationSetting } from './notify';
import { HYPERLINK_SETTINGS, type HyperlinkSetting } from './hyperlinks';

export const START_VIEWS = ['welcome', 'inbox', 'mentions', 'tasks', 'docs', 'recent'] as const;
export type StartView = (typeof START_VIEWS)[number];
export const NOTIFICATION_SETTINGS: readonly NotificationSetting[] = ['desktop', 'bell', 'off'];
export const THEMES = ['dark', 'light', 'high-contrast', 'ansi16'] as const;
export type ThemeName = (typeof THEMES)[number];

export interface TuiConfig {
  /** The view shown at start (the sidebar's welcome text unless set). */
  startView: StartView;
  /** How an inbox arrival is announced while the terminal is not focused. */
  notifications: NotificationSetting;
  /** URLs, message links and T-refs as OSC 8 links: on a terminal known to support them (auto), always, never. */
  hyperlinks: HyperlinkSetting;
  /** Mouse reports: the wheel scrolls the pane under the pointer, a click selects (off: the terminal's own selection). */
  mouse: boolean;
  /** The colours: for a dark or light background, high contrast, or only the terminal's own 16. */
  theme: ThemeName;
  /** Accessible mode: no mouse reports, no links, no colour; text a screen reader reads in order. */
  accessible: boolean;
}

export const DEFAULT_TUI_CONFIG: TuiConfig = { startView: 'welcome', notifications: 'desktop', hyperlinks: 'auto', mouse: true, theme: 'dark', accessible: false };

export const SETTING_NAMES = Object.keys(DEFAULT_TUI_CONFIG) as (keyof TuiConfig)[];

/** Where a value came from. */
export type SettingSource = { kind: 'default' } | { kind: 'file'; path: string; line: number } | { kind: 'env'; name: string };

/** A line of the `[keys]` section, for the keymap: an action's name and the key or keys given. */
export interface KeyLine {
  line: number;
  key: string;
  values: string[];
}

export interface ReadConfig {
  config: TuiConfig;
  /** What was wrong in the file, one line each, with what to do. */
  problems: string[];
  /** Where each value came from. */
  sources: Record<keyof TuiConfig, SettingSource>;
  /** The `[keys]` section's lines, unchecked here. */
  keys: KeyLine[];
}

export function tuiConfigPath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return join(configDir(env), 'tui.toml');
}

const oneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

const defaultSources = (): Record<keyof TuiConfig, SettingSource> => Object.fromEntries(SETTING_NAMES.map((k) => [k, { kind: 'default' }])) as Record<keyof TuiConfig, SettingSource>;

/** The settings a file's text sets; `where` names the file in problems. */
export function parseTuiConfig(text: string, where = 'tui.toml'): ReadConfig {
  const config: TuiConfig = { ...DEFAULT_TUI_CONFIG };
  const sources = defaultSources();
  const problems: string[] = [];
  const keys: KeyLine[] = [];
  let section = '';
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/^\s+|\s+$/g, '');
    if (line === '' || line.startsWith('#')) return;
    const header = /^\[\s*([^\]]*?)\s*\]\s*(?:#.*)?$/.exec(line);
    if (header) {
      section = header[1] ?? '';
      return;
    }
    const at = `${where} line ${index + 1}`;
    if (section === 'keys') {
      const entry = keyEntry(line);
      return void (entry ? keys.push({ line: index + 1, ...entry }) : problems.push(`${at} is not \`action = "key"\` or \`action = ["key", "key"]\`: fix or remove it.`));
    }
    const found = /^([A-Za-z_][\w-]*|"[^"]+"|'[^']+')\s*=\s*(?:"([^"]*)"|'([^']*)'|([^#\s]+))\s*(?:#.*)?$/.exec(line);
    if (!found) return void problems.push(`${at} is not \`key = "value"\`: fix or remove it.`);
    const key = (found[1] ?? '').replace(/^["']|["']$/g, '');
    const value = found[2] ?? found[3] ?? found[4] ?? '';
    if (section !== '') return void problems.push(`${at}: [${section}] is not a section of tui.toml (only [keys]); its lines are ignored.`);
    const set = <K extends keyof TuiConfig>(name: K, v: TuiConfig[K]) => {
      config[name] = v;
      sources[name] = { kind: 'file', path: where, line: index + 1 };
    };
    if (key === 'startView' || key === 'start_view') {
      if (oneOf(START_VIEWS, value)) set('startView', value);
      else problems.push(`${at}: startView "${value}" is not one of ${START_VIEWS.join(', ')}; the welcome view is shown.`);
    } else if (key === 'notifications') {
      if (oneOf(NOTIFICATION_SETTINGS, value)) set('notifications', value);
      else problems.push(`${at}: notifications "${value}" is not one of ${NOTIFICATION_SETTINGS.join(', ')}; desktop is used.`);
    } else if (key === 'hyperlinks') {
      const v = value === 'true' ? 'on' : value === 'false' ? 'off' : value;
      if (oneOf(HYPERLINK_SETTINGS, v)) set('hyperlinks', v);
      else problems.push(`${at}: hyperlinks "${value}" is not one of ${HYPERLINK_SETTINGS.join(', ')} (or true, false); auto is used.`);
    } else if (key === 'mouse' || key === 'accessible') {
      if (value === 'true' || value === 'false') set(key, value === 'true');
      else problems.push(`${at}: ${key} "${value}" is not true or false; ${String(DEFAULT_TUI_CONFIG[key])} is used.`);
    } else if (key === 'theme') {
      if (oneOf(THEMES, value)) set('theme', value);
      else problems.push(`${at}: theme "${value}" is not one of ${THEMES.join(', ')}; dark is used.`);
    } else problems.push(`${at}: "${key}" is not a setting (${SETTING_NAMES.join(', ')}); it is ignored.`);
  });
  return { config, problems, sources, keys };
}

const QUOTED = /"([^"]*)"|'([^']*)'/g;

/** A `[keys]` line: an action (dots allowed: `tasks.status`) and one key or a list of them. */
function keyEntry(line: string): { key: string; values: string[] } | null {
  const found = /^([A-Za-z_][\w.-]*|"[^"]+"|'[^']+')\s*=\s*(.*?)\s*(?:#[^"']*)?$/.exec(line);
  if (!found) return null;
  const key = (found[1] ?? '').replace(/^["']|["']$/g, '');
  const value = found[2] ?? '';
  const one = /^(?:"([^"]*)"|'([^']*)')$/.exec(value);
  if (one) return { key, values: [one[1] ?? one[2] ?? ''] };
  const list = /^\[(.*)\]$/.exec(value);
  if (!list) return null;
  const inside = list[1] ?? '';
  if (inside.replace(QUOTED, '').replace(/[\s,]/g, '') !== '') return null;
  return { key, values: [...inside.matchAll(QUOTED)].map((m) => m[1] ?? m[2] ?? '') };
}

/** The environment over the file: WSC_ACCESSIBLE=1|0, WSC_HYPERLINKS=1|0 (said as the value's source). */
export function withEnvironment(read: ReadConfig, env: Readonly<Record<string, string | undefined>> = process.env): ReadConfig {
  const config = { ...read.config };
  const sources = { ...read.sources };
  const flag = (v: string | undefined) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : undefined);
  const accessible = flag(env.WSC_ACCESSIBLE);
  if (accessible !== undefined) {
    config.accessible = accessible;
    sources.accessible = { kind: 'env', name: 'WSC_ACCESSIBLE' };
  }
  const links = flag(env.WSC_HYPERLINKS);
  if (links !== undefined) {
    config.hyperlinks = links ? 'on' : 'off';
    sources.hyperlinks = { kind: 'env', name: 'WSC_HYPERLINKS' };
  }
  return { ...read, config, sources };
}

/** Reads the file (the defaults when there is none). */
export function readTuiConfig(path = tuiConfigPath()): ReadConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const none = { config: { ...DEFAULT_TUI_CONFIG }, sources: defaultSources(), keys: [] };
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ...none, problems: [] };
    return { ...none, problems: [`${path} could not be read (${(error as Error).message}); the defaults are used. Check its permissions.`] };
  }
  return parseTuiConfig(text, path);
}
