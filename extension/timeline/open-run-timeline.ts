// wsc.openRunTimeline: from a run id, a message or mention (run_id), a fan-out plan (runGraph) or a
// task, to one run id; asks only what the argument does not say.
import * as vscode from 'vscode';
import type { Client } from '../../shared/index';
import { isPlausibleRunId, runChoicesFromMessages, runTargetOf, type RunChoice, type TaskTarget } from './run-target';

async function pick(choices: RunChoice[], placeHolder: string): Promise<string | undefined> {
  const chosen = await vscode.window.showQuickPick(
    choices.map((c) => ({ label: c.label, description: c.description, runId: c.runId })),
    { placeHolder, matchOnDescription: true },
  );
  return chosen?.runId;
}

export async function askRunId(prompt = vscode.l10n.t('The id of the run whose timeline to open')): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Open run timeline'),
    prompt,
    placeHolder: 'b0000000-0000-4000-8000-000000000001',
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' || isPlausibleRunId(v) ? undefined : vscode.l10n.t('A run id: letters, digits, dashes (from a message, a plan or the run ledger).')),
  });
  return value?.trim() || undefined;
}

/**
 * A task's runs: messages that name its T-ref (search) and the newest messages of its channel that
 * carry a run id or a fan-out plan. The task record itself has no run field.
 */
export async function runsOfTask(client: Client, task: TaskTarget): Promise<RunChoice[]> {
  const [hits, recent] = await Promise.all([
    client.search({ q: task.ref, limit: 50 }).catch(() => []),
    task.channel_id ? client.messages(task.channel_id, { limit: 100 }).then((p) => p.messages).catch(() => []) : Promise.resolve([]),
  ]);
  const named = runChoicesFromMessages(hits);
  const nearby = runChoicesFromMessages(recent).map((c) => ({ ...c, label: `In the task's channel: ${c.label}` }));
  const seen = new Set(named.map((c) => c.runId));
  return [...named, ...nearby.filter((c) => !seen.has(c.runId))];
}

export async function resolveRunId(arg: unknown, client: Client | undefined): Promise<string | undefined> {
  const target = runTargetOf(arg);
  switch (target.kind) {
    case 'run':
      return target.runId;
    case 'choose':
      return pick(target.choices, vscode.l10n.t('Which run of the plan?'));
    case 'task': {
      const choices = client ? await runsOfTask(client, target.task) : [];
      if (choices.length === 0) return askRunId(vscode.l10n.t('No run found for {0} in its messages. Enter a run id', target.task.ref));
      if (choices.length === 1) return (choices[0] as RunChoice).runId;
      return pick(choices, vscode.l10n.t('Runs of {0} {1}', target.task.ref, target.task.title));
    }
    case 'ask':
      return askRunId();
  }
}
