// The questions the settings panel asks in VS Code's own inputs (never in the webview): env names,
// kinds and write-only values (password input), the monthly budget, confirmations. Tests replace them.
import * as vscode from 'vscode';
import { ENV_NAME_PATTERN, type EnvKind } from '../../shared/index';

export interface SettingsPrompts {
  envName(existing: string | null): Promise<string | undefined>;
  envKind(name: string): Promise<EnvKind | undefined>;
  /** The value: a password input, never echoed or stored by the extension. */
  envValue(name: string, kind: EnvKind): Promise<string | undefined>;
  /** undefined = cancelled; null = clear the budget. */
  monthlyCredits(current: number | null): Promise<number | null | undefined>;
  confirm(message: string, detail: string, action: string): Promise<boolean>;
}

export function checkEnvName(value: string): string | undefined {
  return ENV_NAME_PATTERN.test(value) ? undefined : 'Upper-case letters, digits and _ (not starting with a digit), at most 64 characters, e.g. DATABASE_URL.';
}

export function parseCredits(text: string): { ok: true; value: number | null } | { ok: false; message: string } {
  const t = text.trim();
  if (t === '') return { ok: true, value: null };
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0) return { ok: false, message: 'A number of credits of at least 0, or empty to clear the budget.' };
  return { ok: true, value: n };
}

export const vscodeSettingsPrompts: SettingsPrompts = {
  async envName(existing) {
    if (existing) return existing;
    const v = await vscode.window.showInputBox({ title: vscode.l10n.t('Set an environment value'), prompt: vscode.l10n.t('Name'), placeHolder: 'DATABASE_URL', ignoreFocusOut: true, validateInput: checkEnvName });
    return v?.trim() || undefined;
  },
  async envKind(name) {
    const items: (vscode.QuickPickItem & { envKind: EnvKind })[] = [
      { label: 'secret', description: vscode.l10n.t('never shown again; only its fingerprint'), envKind: 'secret' },
      { label: 'variable', description: vscode.l10n.t('plain configuration'), envKind: 'variable' },
    ];
    const pick = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Kind of {0}', name) });
    return pick?.envKind;
  },
  envValue(name, kind) {
    return Promise.resolve(
      vscode.window.showInputBox({
        title: vscode.l10n.t('Value of {0} ({1})', name, kind),
        prompt: vscode.l10n.t('Write-only: the service stores it and shows only a fingerprint. It is not kept or logged here.'),
        password: true,
        ignoreFocusOut: true,
        validateInput: (v) => (v.length === 0 ? vscode.l10n.t('Enter a value (delete the entry to remove it).') : undefined),
      }),
    );
  },
  async monthlyCredits(current) {
    const v = await vscode.window.showInputBox({
      title: vscode.l10n.t('Monthly agent budget'),
      prompt: vscode.l10n.t('Credits per month for agent runs in this channel; leave empty to clear the budget.'),
      value: current === null ? '' : String(current),
      ignoreFocusOut: true,
      validateInput: (text) => {
        const parsed = parseCredits(text);
        return parsed.ok ? undefined : parsed.message;
      },
    });
    if (v === undefined) return undefined;
    const parsed = parseCredits(v);
    return parsed.ok ? parsed.value : undefined;
  },
  async confirm(message, detail, action) {
    return (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action;
  },
};
