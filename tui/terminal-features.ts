// What the terminal UI writes beyond plain text, decided once at start from tui.toml and the
// environment (run.ts) and read where lines are made: OSC 8 hyperlinks in message bodies, the theme.
import { THEME_COLOURS, type Theme } from './theme';

export interface TerminalFeatures {
  /** Message bodies' URLs, message links and T-refs as OSC 8 links (term/hyperlinks.ts). */
  hyperlinks: boolean;
  /** The colours (tui.toml `theme`). */
  theme: Theme;
}

let features: TerminalFeatures = { hyperlinks: false, theme: THEME_COLOURS.dark };

export function setTerminalFeatures(next: Partial<TerminalFeatures>): void {
  features = { ...features, ...next };
}

export function terminalFeatures(): TerminalFeatures {
  return features;
}
