// The workspace's language model tools inside the real VS Code: invoked through vscode.lm.invokeTool
// as chat would, read back through REST. Reads answer without asking; for a write VS Code first
// asks the tool for its confirmation (prepareInvocation), which holds exactly what will be posted,
// then the write is made once. (VS Code answers "yes" itself to confirmation dialogs while
// extension tests run, so the words are read from the confirmation VS Code was given, not from the
// screen.) The "only reads" setting unregisters the writes; a refusal reaches the caller in the
// service's words.
import * as assert from 'node:assert/strict';
import { suite, suiteTeardown, test } from 'mocha';
import * as vscode from 'vscode';
import { FIXTURE, serviceUrl, signedIn, waitFor } from './support';

const THREAD_ROOT = 'e0000000-0000-4000-8000-000000000002';
const READ_ONLY = 'agentTools.readOnly';

function text(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

async function rest<T>(path: string): Promise<T> {
  const response = await fetch(`${serviceUrl()}${path}`, { headers: { authorization: `Bearer ${FIXTURE.ownerToken}` } });
  assert.equal(response.status, 200, `GET ${path}`);
  return (await response.json()) as T;
}

suite('Language model tools', () => {
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('wsc').update(READ_ONLY, undefined, vscode.ConfigurationTarget.Global);
  });

  test('LM tools: every workspace tool is in vscode.lm.tools, referenceable, tagged read or write', async () => {
    const api = await signedIn();
    const ours = await waitFor('the workspace tools', () => {
      const found = vscode.lm.tools.filter((t) => t.name.startsWith('wsc_'));
      return found.length > 0 && found;
    });
    const names = ours.map((t) => t.name);
    for (const name of ['wsc_read_thread', 'wsc_list_tasks', 'wsc_reply_in_thread', 'wsc_create_task', 'wsc_create_doc', 'wsc_add_task_note']) assert.ok(names.includes(name), name);
    assert.ok(ours.find((t) => t.name === 'wsc_read_thread')?.tags.includes('wsc-read'));
    assert.ok(ours.find((t) => t.name === 'wsc_create_task')?.tags.includes('wsc-write'));
    assert.deepEqual([...api.lmTools.registered()].sort(), [...names].sort());
  });

  test('LM tools: a read answers without a confirmation, and says what REST says', async () => {
    await signedIn();
    const result = await vscode.lm.invokeTool('wsc_read_thread', { input: { message_id: THREAD_ROOT }, toolInvocationToken: undefined });
    const answer = JSON.parse(text(result)) as { root: { id: string }; replies: { id: string }[] };
    const thread = await rest<{ root: { id: string }; replies: { id: string }[] }>(`/api/v1/threads/${THREAD_ROOT}`);
    assert.equal(answer.root.id, THREAD_ROOT);
    assert.deepEqual(answer.replies.map((r) => r.id), thread.replies.map((r) => r.id));
  });

  test('LM tools: a reply shows exactly what will be posted, and is posted once after the confirmation', async () => {
    const api = await signedIn();
    const body = `From the editor's agent: **done**, see T-1 (${Date.now()})`;
    const shown: { tool: string; title: string; message: string }[] = [];
    const listening = api.lmTools.onDidPrepareWrite((p) => shown.push(p));
    try {
      const result = await vscode.lm.invokeTool('wsc_reply_in_thread', { input: { thread_id: THREAD_ROOT, body }, toolInvocationToken: undefined });
      assert.equal(shown.length, 1, 'VS Code asked for one confirmation');
      const [confirmation] = shown;
      assert.equal(confirmation?.tool, 'reply_in_thread');
      assert.match(confirmation?.title ?? '', /^Reply in a thread in .+\?$/);
      assert.ok(confirmation?.message.includes(body), `the confirmation shows the body exactly:\n${confirmation?.message}`);
      assert.ok(confirmation?.message.includes(THREAD_ROOT));
      assert.ok(confirmation?.message.includes('@olivia'), 'it says as whom');
      const posted = JSON.parse(text(result)) as { id: string };
      const thread = await rest<{ replies: { id: string; body: string; via: string }[] }>(`/api/v1/threads/${THREAD_ROOT}?limit=200`);
      const mine = thread.replies.filter((r) => r.body === body);
      assert.equal(mine.length, 1);
      assert.equal(mine[0]?.id, posted.id);
      assert.equal(mine[0]?.via, 'vscode-agent');
    } finally {
      listening.dispose();
    }
  });

  test('LM tools: create_task files a task that REST reads back; a read asks for no confirmation', async () => {
    const api = await signedIn();
    const shown: unknown[] = [];
    const listening = api.lmTools.onDidPrepareWrite((p) => shown.push(p));
    try {
      const title = `Filed from VS Code chat ${Date.now()}`;
      const created = JSON.parse(text(await vscode.lm.invokeTool('wsc_create_task', { input: { title, labels: ['agent'] }, toolInvocationToken: undefined }))) as { ref: string };
      assert.equal(shown.length, 1);
      const task = await rest<{ task: { title: string; labels: string[] } }>(`/api/v1/actions/get_task?taskId=${created.ref}`);
      assert.equal(task.task.title, title);
      assert.deepEqual(task.task.labels, ['agent']);
      await vscode.lm.invokeTool('wsc_list_tasks', { input: { q: title }, toolInvocationToken: undefined });
      assert.equal(shown.length, 1, 'no confirmation for a read');
    } finally {
      listening.dispose();
    }
  });

  test('LM tools: a refusal reaches the caller in the service words, naming the tool to use', async () => {
    await signedIn();
    await assert.rejects(
      Promise.resolve(vscode.lm.invokeTool('wsc_read_doc', { input: { doc_id: 'no-such-doc' }, toolInvocationToken: undefined })),
      (error: Error) => /not_found/.test(error.message) && /list_docs/.test(error.message),
    );
  });

  test('LM tools: "only reads" unregisters the writes; turning it off offers them again', async () => {
    const api = await signedIn();
    const config = vscode.workspace.getConfiguration('wsc');
    await config.update(READ_ONLY, true, vscode.ConfigurationTarget.Global);
    await waitFor('the writes unregistered', () => !api.lmTools.registered().includes('wsc_create_task'));
    assert.ok(api.lmTools.registered().includes('wsc_read_thread'));
    assert.ok(!api.lmTools.registered().some((name) => ['wsc_post_message', 'wsc_reply_in_thread', 'wsc_create_doc', 'wsc_add_task_note'].includes(name)));
    await assert.rejects(Promise.resolve(vscode.lm.invokeTool('wsc_create_task', { input: { title: 'must not exist' }, toolInvocationToken: undefined })));
    await config.update(READ_ONLY, undefined, vscode.ConfigurationTarget.Global);
    await waitFor('the writes registered again', () => api.lmTools.registered().includes('wsc_create_task'));
    const tasks = await rest<{ tasks: { title: string }[] }>('/api/v1/tasks?q=must%20not%20exist');
    assert.equal(tasks.tasks.length, 0);
  });
});
