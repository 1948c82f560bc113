// wsc.runAction: every generic action of list_capabilities, with a form from its input schema.
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { WscServices } from '../context';
import { COMMAND_IDS } from '../ids';
import { runActionFlow, type ActionOutcome, type ActionPrompter, type RunActionArgs } from './action-flow';
import { vscodeActionPrompter } from './vscode-prompter';

/** Stable: other tools drive it. */

export interface ActionsFeature {
  run(args?: RunActionArgs): Promise<ActionOutcome | undefined>;
  /** Replaces the quick inputs (tests answer them); undefined restores VS Code's. */
  setPrompter(prompter: ActionPrompter | undefined): void;
  /** The requestId of each mutation submission, in order (tests check reuse on retry). */
  readonly requestIds: readonly string[];
}

export function registerActions(services: WscServices): ActionsFeature {
  const fallback = vscodeActionPrompter(services.log);
  let prompter: ActionPrompter = fallback;
  const requestIds: string[] = [];
  const newRequestId = () => {
    const id = randomUUID();
    requestIds.push(id);
    if (requestIds.length > 100) requestIds.shift();
    return id;
  };

  const run = async (args?: RunActionArgs): Promise<ActionOutcome | undefined> => {
    const client = services.auth.requireClient();
    return runActionFlow(client, prompter, args ?? {}, newRequestId);
  };

  services.register(
    vscode.commands.registerCommand(COMMAND_IDS.runAction, (args?: unknown) =>
      run(typeof args === 'object' && args !== null ? (args as RunActionArgs) : undefined).catch((error: unknown) => {
        void services.showError(error, 'run the action');
        return undefined;
      }),
    ),
  );

  return {
    run,
    setPrompter: (next) => {
      prompter = next ?? fallback;
    },
    requestIds,
  };
}
