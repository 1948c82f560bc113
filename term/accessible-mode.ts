// Whether accessible mode is on (tui.toml `accessible = true`, or WSC_ACCESSIBLE=1 over the file):
// the terminal UI then starts its line mode and the subcommands ask their questions as plain lines.
import { readTuiConfig, tuiConfigPath, withEnvironment } from './tui-config';

export function accessibleMode(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return withEnvironment(readTuiConfig(tuiConfigPath(env)), env).config.accessible;
}
