import * as vscode from 'vscode';
import { COMMAND_IDS } from '../ids';
import { describeError, nextStepLabel, type NextStep } from './describe-error';

const STEP_COMMANDS: Record<Exclude<NextStep, 'retry' | 'openSettings'>, string> = {
  signIn: COMMAND_IDS.signIn,
  useDemoService: COMMAND_IDS.useDemoService,
  showLog: COMMAND_IDS.showLog,
};

/**
 * Shows "headline: message hint" (`headline` localised by the caller: "Could not sign in") with
 * the next steps as buttons and logs it. `retry`, when given, is
 * offered for transient failures. Resolves once the person picked (or dismissed).
 */
export async function showError(
  log: vscode.LogOutputChannel,
  error: unknown,
  headline: string,
  retry?: () => unknown,
): Promise<void> {
  const view = describeError(error, headline);
  log.error(`${view.message} ${view.hint}`);
  const steps = view.steps.filter((s) => s !== 'retry' || retry !== undefined);
  const picked = await vscode.window.showErrorMessage(
    view.hint ? `${view.message} ${view.hint}` : view.message,
    ...steps.map(nextStepLabel),
  );
  const step = steps.find((s) => nextStepLabel(s) === picked);
  if (step === undefined) return;
  if (step === 'retry') await retry?.();
  else if (step === 'openSettings') await vscode.commands.executeCommand('workbench.action.openSettings', 'wsc.');
  else await vscode.commands.executeCommand(STEP_COMMANDS[step]);
}
