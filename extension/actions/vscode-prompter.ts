// The wsc.runAction questions in VS Code's quick inputs: a quick pick grouped by risk, one input per
// field (picks for enums and booleans, validated text otherwise, required marked), the outcome as a
// notification with the receipt, and the output in a JSON document on request.
import * as vscode from 'vscode';
import { fieldPrompt, type Capability, type CommandRisk } from '../../shared/index';
import { outcomeSummary, type ActionOutcome, type ActionPrompter } from './action-flow';
import { commandTitle, RISK_LABELS } from './command-groups';

const RISK_ICONS: Record<CommandRisk, string> = { read: 'eye', write: 'edit', admin: 'shield', destructive: 'warning' };

type CommandItem = vscode.QuickPickItem & { capability?: Capability };

export function vscodeActionPrompter(log: vscode.LogOutputChannel): ActionPrompter {
  return {
    async pickCommand(groups) {
      const items: CommandItem[] = [];
      for (const g of groups) {
        items.push({ label: RISK_LABELS[g.risk], kind: vscode.QuickPickItemKind.Separator });
        for (const c of g.commands) {
          // The risk is said once, by the group's separator; the name stays visible (and searchable) as the description.
          items.push({ label: `$(${RISK_ICONS[c.risk]}) ${commandTitle(c.name)}`, description: c.name, detail: c.description, capability: c });
        }
      }
      const chosen = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Run a workspace action'), placeHolder: vscode.l10n.t('Choose a command (grouped by risk)'), matchOnDetail: true });
      return chosen?.capability;
    },
    async pick(field, options, step, steps) {
      const chosen = await vscode.window.showQuickPick(
        options.map((o) => ({ label: o.label })),
        { title: `${field.name} (${step}/${steps})`, placeHolder: fieldPrompt(field), ignoreFocusOut: true },
      );
      return chosen?.label;
    },
    text(field, check, step, steps) {
      return Promise.resolve(
        vscode.window.showInputBox({
          title: field.kind === 'confirm' ? vscode.l10n.t('Confirm ({0}/{1})', step, steps) : `${field.name} (${step}/${steps})`,
          prompt: fieldPrompt(field),
          ignoreFocusOut: true,
          validateInput: check,
        }),
      );
    },
    async show(outcome: ActionOutcome) {
      const summary = outcomeSummary(outcome);
      log.info(`runAction ${summary}`);
      if (outcome.status === 'failed') {
        const retry = vscode.l10n.t('Retry');
        const buttons = outcome.retryable ? [retry] : [];
        return (await vscode.window.showErrorMessage(summary, ...buttons)) === retry;
      }
      if (outcome.status === 'refused') {
        void vscode.window.showWarningMessage(summary);
        return false;
      }
      const output = outcome.output;
      const showOutput = vscode.l10n.t('Show output');
      void vscode.window.showInformationMessage(summary, showOutput).then(async (choice) => {
        if (choice !== showOutput) return;
        const body = outcome.status === 'done' ? { receipt: outcome.receipt, ...outcome.output } : output;
        const doc = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(body, null, 2) });
        await vscode.window.showTextDocument(doc, { preview: true });
      });
      return false;
    },
  };
}
