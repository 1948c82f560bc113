// The colours of the terminal UI by theme (tui.toml `theme`): what each role is drawn in. `dark`
// is the UI's colours as they always were; `light` trades yellow and cyan (unreadable on white)
// for magenta and blue; `high-contrast` uses the bright colours only; `ansi16` leaves out grey
// (bright black, lost in many 16-colour schemes) so everything is one of the terminal's own colours.
import type { ThemeName } from './config';

/** A row's state colour, by what it means (each theme picks the colour). */
export type RowTone = 'red' | 'yellow' | 'green' | 'cyan' | 'gray';

export interface Theme {
  /** The border of the pane that has the keys. */
  focus: string;
  /** A row's state colour (urgent red, high yellow, done green…), by tone. */
  tones: Readonly<Record<RowTone, string | undefined>>;
  /** The SGR foreground of a message's `@ you` header. */
  mentionSgr: number;
}

export const THEME_COLOURS: Readonly<Record<ThemeName, Theme>> = {
  dark: { focus: 'cyan', tones: { red: 'red', yellow: 'yellow', green: 'green', cyan: 'cyan', gray: 'gray' }, mentionSgr: 33 },
  light: { focus: 'blue', tones: { red: 'red', yellow: 'magenta', green: 'green', cyan: 'blue', gray: 'gray' }, mentionSgr: 35 },
  'high-contrast': { focus: 'yellowBright', tones: { red: 'redBright', yellow: 'yellowBright', green: 'greenBright', cyan: 'cyanBright', gray: 'whiteBright' }, mentionSgr: 93 },
  ansi16: { focus: 'cyan', tones: { red: 'red', yellow: 'yellow', green: 'green', cyan: 'cyan', gray: undefined }, mentionSgr: 33 },
};
