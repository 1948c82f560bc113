// The host's check of what the settings webview sends: exactly one shape of SettingsToHost, else
// null. Apart from settings-protocol.ts because it needs the contract's env name pattern at run
// time, which the webview bundle must not pull in (the API layer does not build for a browser).
import { ENV_NAME_PATTERN } from '../../shared/index';
import { matching, messageChecker, nullable, textUpTo } from '../panels/message-checker';
import type { SettingsToHost } from './settings-protocol';

const isEnvName = matching(ENV_NAME_PATTERN);
/** Links in the settings (repositories, pull requests) are web links only. */
const isWebUrl = matching(/^https?:\/\//i, 4096);

export const parseSettingsToHost = messageChecker<SettingsToHost>({
  ready: {},
  refresh: {},
  copyMention: { mention: textUpTo(200) },
  openLink: { url: isWebUrl },
  setEnv: { name: nullable(isEnvName) },
  deleteEnv: { name: isEnvName },
  setBudget: {},
  rebuildWarm: {},
});
