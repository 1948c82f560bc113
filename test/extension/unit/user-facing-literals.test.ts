// The guard for #45's localisation: no fixed words reach VS Code's notifications, picks, input
// boxes, tree items, status bar, progress, webview titles, our own WscError or a failure's headline
// (showError, withClient…) without l10n.t
// (scanned with the TypeScript compiler: user-facing-literals.ts says what counts).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUnlocalisedText } from './user-facing-literals';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The findings in one made-up file, as `where: text`. */
function planted(code: string): string[] {
  const file = 'extension/planted.ts';
  return findUnlocalisedText([file], new Map([[file, code]])).map((f) => `${f.where}: ${f.text}`);
}

describe('user-facing words in extension/', () => {
  it('go through l10n.t everywhere', () => {
    const found = findUnlocalisedText(sources('extension')).map((f) => `${f.file}:${f.line} ${f.where}: ${f.text}`);
    expect(found).toEqual([]);
  });

  it('are caught when passed as they are: a literal, a template, a const, a button, an option, an item, an assignment', () => {
    const code = `
      import * as vscode from 'vscode';
      const again = 'Try Again';
      export function f(item: vscode.StatusBarItem, ask: { pick(i: unknown[], p: string): void }, n: number) {
        void vscode.window.showInformationMessage('Saved the doc.');
        void vscode.window.showWarningMessage(\`Deleted \${n} docs\`, again);
        void vscode.window.showErrorMessage(vscode.l10n.t('Fine.'), { modal: true, detail: 'This cannot be undone.' });
        void vscode.window.showQuickPick([{ label: '$(add) Add one' }], { title: 'Pick one', placeHolder: vscode.l10n.t('Fine') });
        void vscode.window.showInputBox({ prompt: 'Your name', validateInput: (v) => (v ? undefined : 'Type a name.') });
        void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Loading…' }, async () => undefined);
        vscode.window.createWebviewPanel('x', 'Run timeline', vscode.ViewColumn.One);
        item.tooltip = n > 1 ? 'Several waiting' : vscode.l10n.t('One');
        const tree = new vscode.TreeItem('More results');
        ask.pick([], 'Which doc?');
        throw new WscError('Not signed in.', vscode.l10n.t('Sign in.'));
      }`;
    expect(planted(code)).toEqual([
      'showInformationMessage: Saved the doc.',
      'showWarningMessage: Deleted {} docs',
      'showWarningMessage button: Try Again',
      'showErrorMessage detail: This cannot be undone.',
      'showQuickPick title: Pick one',
      'showQuickPick item label: $(add) Add one',
      'showInputBox prompt: Your name',
      'showInputBox validateInput: Type a name.',
      'withProgress title: Loading…',
      'createWebviewPanel title: Run timeline',
      '.tooltip =: Several waiting',
      'new TreeItem: More results',
      'pick placeHolder: Which doc?',
      'new WscError message: Not signed in.',
    ]);
  });

  it('are caught as a failure headline: a verb phrase or a template to showError, withClient, sendWrite, describeError, a panel action, a headline property', () => {
    const code = `
      import * as vscode from 'vscode';
      export async function f(services: WscServices, ref: string, error: unknown) {
        await services.showError(error, 'sign out of the account');
        await services.withClient(\`open \${ref}\`, async () => undefined);
        await services.sendWrite('send the reply', { kind: 'post' });
        describeError(error, 'load the tasks');
        this.mutate('delete the automation', async () => undefined);
        const edit = { patch: {}, headline: 'set the status' };
        await services.showError(error, vscode.l10n.t('Could not sign in'));
        await services.withClient(vscode.l10n.t('Could not open {0}', ref), async () => undefined);
        describeError(error, '');
      }`;
    expect(planted(code)).toEqual([
      'showError headline: sign out of the account',
      'withClient headline: open {}',
      'sendWrite headline: send the reply',
      'describeError headline: load the tasks',
      'mutate headline: delete the automation',
      'headline property: set the status',
    ]);
  });

  it('leave alone what carries no wording or comes from data: codicons, example values, ids, parameters, l10n.t', () => {
    const code = `
      import * as vscode from 'vscode';
      export function f(item: vscode.StatusBarItem, name: string, icon: string) {
        item.text = \`$(\${icon}) \${vscode.l10n.t('{0} unsent', 2)}\`;
        item.tooltip = name;
        void vscode.window.showInputBox({ placeHolder: 'https://workspace.example.com', prompt: vscode.l10n.t('Address') });
        void vscode.window.showInputBox({ placeHolder: 'DATABASE_URL' });
        void vscode.window.showInformationMessage(name, '$(check)');
      }`;
    expect(planted(code)).toEqual([]);
  });
});
