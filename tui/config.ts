// The terminal UI's settings (tui.toml): read by term/tui-config.ts, which `wsc config` shares.
export {
  DEFAULT_TUI_CONFIG,
  NOTIFICATION_SETTINGS,
  START_VIEWS,
  THEMES,
  parseTuiConfig,
  readTuiConfig,
  tuiConfigPath,
  withEnvironment,
  type ReadConfig,
  type StartView,
  type ThemeName,
  type TuiConfig,
} from '../term/tui-config';
