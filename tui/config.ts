// The terminal UI's settings: `tui.toml` in the wsc config folder ($XDG_CONFIG_HOME/wsc, else
// ~/.config/wsc), lines of `key = "value"` (TOML's simple form; `#` starts a comment). Read once at
// start; a missing file means the defaults, a wrong line is named on the status line and ignored.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir } from '../shared/index';
import type { NotificationSetting } from '../term/notify';

export const START_VIEWS = ['welcome', 'inbox', 'mentions', 'tasks', 'docs'] as const;
export type StartView = (typeof START_VIEWS)[number];
export const NOTIFICATION_SETTINGS: readonly NotificationSetting[] = ['desktop', 'bell', 'off'];

export interface TuiConfig {
  /** The view shown at start (the sidebar's welcome text unless set). */
  startView: StartView;
  /** How an inbox arrival is announced while the terminal is not focused. */
  notifications: NotificationSetting;
}

export const DEFAULT_TUI_CONFIG: TuiConfig = { startView: 'welcome', notifications: 'desktop' };

export interface ReadConfig {
  config: TuiConfig;
  /** What was wrong in the file, one line each, with what to do. */
  problems: string[];
}

export function tuiConfigPath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return join(configDir(env), 'tui.toml');
}

const oneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

/** The settings a file's text sets; `where` names the file in problems. */
export function parseTuiConfig(text: string, where = 'tui.toml'): ReadConfig {
  const config: TuiConfig = { ...DEFAULT_TUI_CONFIG };
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/^\s+|\s+$/g, '');
    if (line === '' || line.startsWith('#') || /^\[.*\]$/.test(line)) return;
    const found = /^([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^#\s]+))\s*(?:#.*)?$/.exec(line);
    const at = `${where} line ${index + 1}`;
    if (!found) return void problems.push(`${at} is not \`key = "value"\`: fix or remove it.`);
    const key = found[1] ?? '';
    const value = found[2] ?? found[3] ?? found[4] ?? '';
    if (key === 'startView' || key === 'start_view') {
      if (oneOf(START_VIEWS, value)) config.startView = value;
      else problems.push(`${at}: startView "${value}" is not one of ${START_VIEWS.join(', ')}; the welcome view is shown.`);
    } else if (key === 'notifications') {
      if (oneOf(NOTIFICATION_SETTINGS, value)) config.notifications = value;
      else problems.push(`${at}: notifications "${value}" is not one of ${NOTIFICATION_SETTINGS.join(', ')}; desktop is used.`);
    } else problems.push(`${at}: "${key}" is not a setting (startView, notifications); it is ignored.`);
  });
  return { config, problems };
}

/** Reads the file (the defaults when there is none). */
export function readTuiConfig(path = tuiConfigPath()): ReadConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { config: { ...DEFAULT_TUI_CONFIG }, problems: [] };
    return { config: { ...DEFAULT_TUI_CONFIG }, problems: [`${path} could not be read (${(error as Error).message}); the defaults are used. Check its permissions.`] };
  }
  return parseTuiConfig(text, path);
}
