// The hook for the keymap's check of tui.toml's `[keys]` section (remapped keys): `wsc config check`
// runs it over the section's lines (term/tui-config.ts keeps them unchecked). The keymap provides
// it here, in term/, so the CLI can run it without loading the terminal UI; until then the lines are
// only counted.
import type { KeysCheck } from './tui-config';

export const checkKeyLines: KeysCheck | undefined = undefined;
