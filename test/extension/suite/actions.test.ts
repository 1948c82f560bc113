// wsc.runAction inside the real VS Code with a scripted prompter in place of the quick
// inputs: a read through GET, a mutation through POST with its receipt, the receipt replayed for the
// same requestId, a retry after lost answers that reuses the requestId, and a wrong confirmation
// phrase refused locally (nothing sent).
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { ActionOutcome, ActionPrompter } from '../../../extension/actions/action-flow';
import type { WscTestApi } from '../../../extension/test-api';
import { controlPost, signedIn } from './support';

const RANDOM_CHANNEL = 'c0000000-0000-4000-8000-000000000006';
let api: WscTestApi;

interface Script {
  command: string;
  answers: Record<string, string>;
  /** How many failed outcomes to answer with Retry. */
  retries?: number;
}

function scripted(script: Script, shown: ActionOutcome[], asked: string[]): ActionPrompter {
  let retries = script.retries ?? 0;
  const answer = (name: string) => {
    asked.push(name);
    return script.answers[name];
  };
  return {
    pickCommand: async (groups) => {
      assert.deepEqual(groups.map((g) => g.risk), ['read', 'write', 'admin', 'destructive'], 'grouped by risk');
      return groups.flatMap((g) => g.commands).find((c) => c.name === script.command);
    },
    pick: async (field, options) => {
      const a = answer(field.name);
      assert.ok(a === undefined || options.some((o) => o.label === a));
      return a;
    },
    text: async (field, check) => {
      const a = answer(field.name);
      if (a !== undefined && field.kind !== 'confirm') assert.equal(check(a), undefined, `${field.name}=${a} passes the form check`);
      return a;
    },
    show: async (outcome) => {
      shown.push(outcome);
      if (outcome.status === 'failed' && outcome.retryable && retries > 0) {
        retries -= 1;
        return true;
      }
      return false;
    },
  };
}

async function run(script: Script): Promise<{ outcome: ActionOutcome | undefined; shown: ActionOutcome[]; asked: string[] }> {
  const shown: ActionOutcome[] = [];
  const asked: string[] = [];
  api.actions.setPrompter(scripted(script, shown, asked));
  const outcome = await vscode.commands.executeCommand<ActionOutcome | undefined>('wsc.runAction');
  return { outcome, shown, asked };
}

async function faults(spec: Record<string, unknown>): Promise<void> {
  await controlPost('/faults', spec);
}

suite('generic actions', () => {
  suiteSetup(async () => {
    api = await signedIn();
  });
  suiteTeardown(async () => {
    api.actions.setPrompter(undefined);
    await faults({});
  });

  test('runs a read command through GET with a form from its input schema', async () => {
    const { outcome, asked } = await run({ command: 'get_task', answers: { taskId: 'f0000000-0000-4000-8000-000000000002' } });
    assert.deepEqual(asked, ['taskId']);
    assert.ok(outcome?.status === 'read', JSON.stringify(outcome));
    const task = (outcome.output as { task?: { title?: string } }).task;
    assert.equal(task?.title, 'Fix search ranking');
  });

  test('runs a mutation through POST and shows its receipt; the same requestId replays it', async () => {
    const { outcome, asked } = await run({ command: 'set_status', answers: { emoji: '🚀', text: 'shipping issue 7', expiresAt: '' } });
    assert.deepEqual(asked, ['emoji', 'text', 'expiresAt'], 'required fields first, then optional ones');
    assert.ok(outcome?.status === 'done', JSON.stringify(outcome));
    assert.equal(outcome.receipt.replayed, false);
    assert.equal(outcome.receipt.requestId, api.actions.requestIds.at(-1), 'the requestId made for this submission');
    const again = await vscode.commands.executeCommand<ActionOutcome>('wsc.runAction', {
      command: 'set_status',
      input: { emoji: '🚀', text: 'shipping issue 7', requestId: outcome.receipt.requestId },
    });
    assert.ok(again?.status === 'done');
    assert.equal(again.receipt.replayed, true, 'the service replayed the original receipt');
    assert.equal(again.receipt.actionId, outcome.receipt.actionId);
  });

  test('a retry after lost answers reuses the requestId, so the effect is not repeated', async () => {
    const before = api.actions.requestIds.length;
    await faults({ dropResponseAfterCommit: 5, pathPattern: '*set_status*' });
    const { outcome, shown } = await run({ command: 'set_status', answers: { emoji: '🧪', text: 'retrying', expiresAt: '' }, retries: 1 });
    await faults({});
    assert.equal(api.actions.requestIds.length, before + 1, 'one requestId for the submission and all its retries');
    assert.ok(outcome?.status === 'done', JSON.stringify(shown));
    assert.equal(outcome.receipt.requestId, api.actions.requestIds.at(-1));
    assert.equal(outcome.receipt.replayed, true, 'the committed first attempt is replayed, not repeated');
    const failed = shown.find((o) => o.status === 'failed');
    assert.ok(failed?.status === 'failed' && failed.retryable && failed.requestId === outcome.receipt.requestId, 'the person was offered Retry with the same requestId');
  });

  test('a destructive command refuses anything but the exact confirmation phrase, locally', async () => {
    const { outcome, asked, shown } = await run({ command: 'delete_channel', answers: { channelId: RANDOM_CHANNEL, confirm: 'delete channel' } });
    assert.deepEqual(asked, ['channelId', 'confirm'], 'the phrase is asked last');
    assert.ok(outcome?.status === 'refused', JSON.stringify(outcome));
    assert.match(outcome.message, /delete channel permanently/);
    assert.equal(shown.length, 1);
    const client = api.services.auth.requireClient();
    assert.ok((await client.channels()).some((c) => c.id === RANDOM_CHANNEL), 'nothing was sent: the channel still exists');
    const direct = await vscode.commands.executeCommand<ActionOutcome>('wsc.runAction', { command: 'delete_channel', input: { channelId: RANDOM_CHANNEL, confirm: 'Delete channel permanently' } });
    assert.equal(direct?.status, 'refused', 'a phrase passed as an argument is checked the same way');
  });

  test('a service refusal is shown with its message and hint', async () => {
    const { outcome } = await run({ command: 'get_task', answers: { taskId: 'T-999999' } });
    assert.ok(outcome?.status === 'failed', JSON.stringify(outcome));
    assert.equal(outcome.code, 'not_found');
    assert.ok(outcome.message && outcome.hint);
  });
});
