// A throwaway home for one code-server run: HOME/XDG folders, user data with the settings that
// keep the workbench quiet and offline, an empty extensions folder and a workspace folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Profile {
  root: string;
  home: string;
  userDataDir: string;
  extensionsDir: string;
  configFile: string;
  workspaceFolder: string;
  /** Variables that point HOME and XDG_* into the profile. */
  env: Record<string, string>;
  remove(): void;
}

/** `settings` go into both the user settings and the workspace folder's .vscode/settings.json. */
export function createProfile(settings: Record<string, unknown>): Profile {
  const root = mkdtempSync(join(tmpdir(), 'wsc-code-server-'));
  const home = join(root, 'home');
  const userDataDir = join(root, 'user-data');
  const extensionsDir = join(root, 'extensions');
  const workspaceFolder = join(root, 'workspace');
  for (const dir of [home, join(userDataDir, 'User'), extensionsDir, join(workspaceFolder, '.vscode')]) mkdirSync(dir, { recursive: true });
  const userSettings = {
    'chat.disableAIFeatures': true,
    'update.mode': 'none',
    'telemetry.telemetryLevel': 'off',
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'security.workspace.trust.enabled': false,
    // The suites save explicitly, and VS Code refuses an explicit save while an auto save (on by
    // default here) runs its participants. docs.test.ts turns auto save on where it proves the
    // extension copes with exactly that.
    'files.autoSave': 'off',
    ...settings,
  };
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(userSettings, null, 2));
  writeFileSync(join(workspaceFolder, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
  writeFileSync(join(workspaceFolder, 'README.md'), '# Workspace extension test folder\n');
  const configFile = join(root, 'code-server.yaml');
  writeFileSync(configFile, 'auth: none\ncert: false\n');
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_RUNTIME_DIR: join(root, 'runtime'),
  };
  mkdirSync(env.XDG_RUNTIME_DIR, { recursive: true, mode: 0o700 });
  return {
    root,
    home,
    userDataDir,
    extensionsDir,
    configFile,
    workspaceFolder,
    env,
    remove: () => rmSync(root, { recursive: true, force: true, maxRetries: 3 }),
  };
}
