// The parity table of issue #41 (test/parity/scenarios.ts) through the VS Code face, inside the
// real VS Code: each scenario on a fresh `wsc serve --fixture test/fixtures/parity.json` behind a
// switchable proxy of its own (so each starts with a fresh outbox and mention cursor for that
// account), signed in as Maria. Then the cross-face scenario: a write queued by the CLI on this
// machine (the extension host's own HOME and XDG_STATE_HOME) shows in VS Code's outbox and is
// dropped there. Filter with WSC_TEST_GREP=parity.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { suite, suiteTeardown, teardown, test } from 'mocha';
import * as vscode from 'vscode';
import { startSwitchableProxy, type SwitchableProxy } from '../../support/switchable-proxy';
import { CliFace } from '../../parity/faces/cli';
import { VscodeFace } from '../../parity/faces/vscode';
import { messagesWithBody, PARITY, SCENARIOS, until, type ParityWorld } from '../../parity/scenarios';
import { FIXTURE, projectRoot, serviceUrl, wscExtension } from './support';

interface ParityService {
  url: string;
  controlKey: string;
  child: ChildProcess;
}

/** `wsc serve` on the parity fixture, with the `node` on PATH (the project's), not the extension host's. */
async function startParityService(): Promise<ParityService> {
  const root = projectRoot();
  const child = spawn('node', [join(root, 'dist', 'wsc.js'), 'serve', '--fixture', join(root, 'test', 'fixtures', `${PARITY.fixture}.json`), '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`wsc serve exited (${code}) before printing its url.`)));
  });
  child.stdout?.resume();
  const info = JSON.parse(first) as { url: string; controlKey: string };
  return { url: info.url, controlKey: info.controlKey, child };
}

async function stopParityService(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function worldOf(service: ParityService, proxy: SwitchableProxy): ParityWorld {
  return {
    proxy,
    serviceUrl: service.url,
    async state() {
      const response = await fetch(`${service.url}/_emulator/state`, { headers: { 'x-emulator-key': service.controlKey } });
      if (!response.ok) throw new Error(`GET /_emulator/state answered ${response.status}`);
      return (await response.json()) as { tables: Record<string, Record<string, unknown>[]> };
    },
    async control(path, body) {
      const response = await fetch(`${service.url}/_emulator${path}`, { method: 'POST', headers: { 'x-emulator-key': service.controlKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`POST /_emulator${path} answered ${response.status}: ${await response.text()}`);
      return response.json();
    },
  };
}

suite('parity through VS Code', () => {
  let service: ParityService | undefined;
  let proxy: SwitchableProxy | undefined;
  let face: VscodeFace | undefined;
  let cli: CliFace | undefined;

  teardown(async function () {
    // A scenario may take a while to fail (it waits on what the face shows); its teardown may too.
    this.timeout(60_000);
    await face?.close();
    await cli?.close();
    await proxy?.close();
    if (service) await stopParityService(service.child);
    face = undefined;
    cli = undefined;
    proxy = undefined;
    service = undefined;
  });

  suiteTeardown(async function () {
    this.timeout(60_000);
    // Back to the runner's service as the fixture owner, for the suites after this one.
    await vscode.commands.executeCommand('wsc.signIn', { token: FIXTURE.ownerToken, serviceUrl: serviceUrl() });
  });

  for (const scenario of SCENARIOS) {
    const skip = scenario.skip?.vscode;
    const run = async function (this: Mocha.Context) {
      this.timeout(180_000);
      service = await startParityService();
      proxy = await startSwitchableProxy(service.url);
      face = new VscodeFace(proxy);
      await scenario.run({ world: worldOf(service, proxy), face, stamp: `vscode ${Date.now().toString(36)}` });
    };
    if (skip !== undefined) test.skip(`${scenario.name} (${skip})`, run);
    else test(scenario.name, run);
  }

  test('queued in the terminal, dropped in VS Code: one store per account on the machine', async function () {
    this.timeout(180_000);
    const home = process.env.HOME;
    const stateHome = process.env.XDG_STATE_HOME;
    assert.ok(home && stateHome, 'the harness gives the extension host its own HOME and XDG_STATE_HOME (test/extension/harness/profile.ts)');
    service = await startParityService();
    proxy = await startSwitchableProxy(service.url);
    const world = worldOf(service, proxy);
    face = new VscodeFace(proxy);
    await face.open();
    // The CLI of this machine: the same HOME and XDG_STATE_HOME as VS Code. It syncs once, so the
    // account is known (this scenario is about the shared store; a one-shot read does not learn the
    // account today, which the "post offline" scenario catches).
    cli = new CliFace({ url: proxy.url, home, stateHome, node: 'node', root: projectRoot() });
    const learnt = await cli.run(['sync']);
    assert.equal(learnt.code, 0, `wsc sync: ${learnt.stderr}`);
    await proxy.down();
    const body = `parity queued in the terminal ${Date.now().toString(36)}`;
    await cli.post(PARITY.general, body);
    await cli.expectPending(body);

    const api = await wscExtension();
    await until('VS Code to show the entry the terminal queued (1 unsent)', () => /\b1 unsent\b/.test(api.outbox.statusBar().text) && api.outbox.statusBar().visible && api.outbox.current()?.entries().some((e) => e.operation.kind === 'post' && e.operation.body === body), 30_000).catch((error: unknown) => {
      throw new Error(`${String(error)}: VS Code's outbox holds ${JSON.stringify(api.outbox.current()?.entries() ?? [])} and its status bar says ${JSON.stringify(api.outbox.statusBar())}; the terminal's store is under ${stateHome}/wsc`);
    });
    await face.dropPending(body);
    await proxy.up();
    await cli.settle();
    await face.settle();
    assert.equal((await messagesWithBody(world, body)).length, 0, 'dropped in VS Code: never sent, by either home');
  });
});
