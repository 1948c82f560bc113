// Whether a terminal face writes OSC 8 hyperlinks (the links themselves: shared/markdown/terminal-links.ts):
// tui.toml's `hyperlinks`, WSC_HYPERLINKS, and what the terminal is known to support.

export type HyperlinkSetting = 'auto' | 'on' | 'off';
export const HYPERLINK_SETTINGS: readonly HyperlinkSetting[] = ['auto', 'on', 'off'];

/**
 * Whether to write links: `WSC_HYPERLINKS=1|0` first, then the setting; `auto` only on a terminal
 * known to support them (the others may print the sequence as text) and never when not a TTY.
 */
export function hyperlinksWanted(setting: HyperlinkSetting, env: Readonly<Record<string, string | undefined>>, isTTY: boolean): boolean {
  const forced = env.WSC_HYPERLINKS;
  if (forced === '1' || forced === 'true') return true;
  if (forced === '0' || forced === 'false') return false;
  if (setting !== 'auto') return setting === 'on';
  if (!isTTY || env.TERM === 'dumb') return false;
  const program = env.TERM_PROGRAM ?? '';
  if (['iTerm.app', 'WezTerm', 'vscode', 'ghostty', 'Hyper', 'Tabby', 'rio'].includes(program)) return true;
  if (Number(env.VTE_VERSION ?? 0) >= 5000) return true;
  if (env.WT_SESSION !== undefined || env.KONSOLE_VERSION !== undefined || env.KITTY_WINDOW_ID !== undefined || env.DOMTERM !== undefined) return true;
  return /^(xterm-kitty|xterm-ghostty|foot|alacritty|wezterm)/.test(env.TERM ?? '');
}

