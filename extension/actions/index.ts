// wsc.runAction: every generic action of list_capabilities, with a form from its input schema.
import * as vscode from 'vscode';
import type { WscServices } from '../context';
import { COMMAND_IDS } from '../ids';
import type { ActionOutcome, ActionPrompter, RunActionArgs } from './action-flow';

// The form, its input coercion and the prompts load on the first Run Action.
const loadActionCode = () => import('./action-code');

/** Stable: other tools drive it. */

export interface ActionsFeature {
  run(args?: RunActionArgs): Promise<ActionOutcome | undefined>;
  /** Replaces the quick inputs (tests answer them); undefined restores VS Code's. */
  setPrompter(prompter: ActionPrompter | undefined): void;
  /** The requestId of each mutation submission, in order (tests check reuse on retry). */
  readonly requestIds: readonly string[];
}

export function registerActions(services: WscServices): ActionsFeature {
  // Undefined: VS Code's quick inputs (vscode-prompter.ts, loaded with the flow).
  let prompter: ActionPrompter | undefined;
  let vscodePrompter: ActionPrompter | undefined;
  const requestIds: string[] = [];
  const newRequestId = () => {
    // node:crypto fetched at first use, not imported: loading the extension does not load it.
    const id = process.getBuiltinModule('node:crypto').randomUUID();
    requestIds.push(id);
    if (requestIds.length > 100) requestIds.shift();
    return id;
  };

  const run = async (args?: RunActionArgs): Promise<ActionOutcome | undefined> => {
    const client = services.auth.requireClient();
    const { runActionFlow, vscodeActionPrompter } = await loadActionCode();
    vscodePrompter ??= vscodeActionPrompter(services.log);
    return runActionFlow(client, prompter ?? vscodePrompter, args ?? {}, newRequestId);
  };

  services.register(
    vscode.commands.registerCommand(COMMAND_IDS.runAction, (args?: unknown) =>
      run(typeof args === 'object' && args !== null ? (args as RunActionArgs) : undefined).catch((error: unknown) => {
        void services.showError(error, vscode.l10n.t('Could not run the action'));
        return undefined;
      }),
    ),
  );

  return {
    run,
    setPrompter: (next) => {
      prompter = next;
    },
    requestIds,
  };
}
