// Hostile server text (CSI, OSC 8, OSC 52, DCS/APC, C1 bytes, bare CR) never reaches the terminal
// through any subcommand's output, text or --json; and the token never appears in any output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../shared';
import { loadFixture, startEmulator, type TestEmulator } from '../support/emulator';
import { HOSTILE_INPUTS } from '../fixtures/hostile-inputs';
import { cliEnv, hasTerminalControls, makeHome, runWsc, type RunResult } from './run-wsc';

const TOKEN = 'hpt_member_rw';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const DM = 'c0000000-0000-4000-8000-000000000003';
const EVIL = '\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07\x1b[2J\u009b31m\rX';

let emu: TestEmulator;
let maria: Client;
let taskRef = '';
let docId = '';
const terminalPayloads = HOSTILE_INPUTS.filter((h) => h.target === 'terminal');

beforeAll(async () => {
  const fixture = loadFixture();
  const mike = fixture.people.find((p) => p.handle === 'mike');
  if (mike) mike.name = `Mike${EVIL} Member`;
  const collab = fixture.channels.find((c) => c.name === 'client-collab');
  if (collab) collab.name = `collab${EVIL}`;
  emu = await startEmulator({ fixture });
  maria = new Client({ baseUrl: emu.url, token: TOKEN, clientName: 'test' });
  const mikeClient = new Client({ baseUrl: emu.url, token: 'hpt_mike_rw', clientName: 'cli' });
  for (const h of terminalPayloads) {
    await mikeClient.postMessage(GENERAL, { body: `@maria ${h.input}` });
    await mikeClient.postMessage(DM, { body: h.input });
  }
  await mikeClient.close();
  const task = await maria.createTask({ title: `Task ${EVIL}`, description: terminalPayloads.map((h) => h.input).join('\n\n'), labels: [`l${EVIL}`] });
  taskRef = task.ref;
  docId = (await maria.createDoc({ title: `Doc ${EVIL}`, body: terminalPayloads.map((h) => h.input).join('\n\n') })).id;
  await emu.control.appendRunEvents('b0000000-0000-4000-8000-000000000003', [
    { name: 'note', runtime: `rt${EVIL}`, lane: `lane${EVIL}`, payload: { text: `note ${EVIL}` } },
    { name: `evil${EVIL}`, runtime: 'claude', lane: 'main', payload: {} },
    { name: 'tool.call', runtime: 'claude', lane: 'main', payload: { tool: `grep${EVIL}`, input_summary: EVIL } },
  ]);
}, 60_000);

afterAll(async () => {
  await maria.close();
  await emu.stop();
});

const env = () => cliEnv(makeHome(), { url: emu.url, token: TOKEN });

function expectInert(r: RunResult): void {
  expect(r.code).toBe(0);
  expect(hasTerminalControls(r.stdout)).toBe(false);
  expect(hasTerminalControls(r.stderr)).toBe(false);
  expect(r.stdout + r.stderr).not.toContain(TOKEN);
}

const commands: string[][] = [
  ['channels'],
  ['read', GENERAL, '--limit', '200'],
  ['read', DM, '--limit', '200'],
  ['mentions'],
  ['task', 'list'],
  ['doc', 'list'],
  ['events', 'b0000000-0000-4000-8000-000000000003'],
  ['status'],
];

describe('hostile server text', () => {
  it.each(commands)('wsc %s … prints no escape sequence, C1 control or bare CR (text and --json)', async (...args: string[]) => {
    const text = await runWsc(args, { env: env(), timeoutMs: 30_000 });
    expectInert(text);
    expect(text.stdout.length).toBeGreaterThan(0);
    const json = await runWsc([...args, '--json'], { env: env(), timeoutMs: 30_000 });
    expectInert(json);
  }, 60_000);

  it('task show, doc get (rendered and --raw) and action output are inert too', async () => {
    for (const args of [['task', 'show', taskRef], ['task', 'show', taskRef, '--json'], ['doc', 'get', docId], ['doc', 'get', docId, '--raw'], ['doc', 'get', docId, '--json'], ['action', 'get_task', JSON.stringify({ taskId: taskRef })]]) {
      expectInert(await runWsc(args, { env: env() }));
    }
  }, 60_000);

  it('the readable parts survive sanitising', async () => {
    const r = await runWsc(['read', GENERAL, '--limit', '200'], { env: env() });
    expect(r.stdout).toContain('MikeX Member via cli');
    expect(r.stdout).toContain('fake prompt');
  });

  it('a hostile error text from the service is sanitised on stderr', async () => {
    const r = await runWsc(['task', 'show', `T-1${EVIL}`], { env: env() });
    expect(r.code).not.toBe(0);
    expect(hasTerminalControls(r.stderr)).toBe(false);
  });
});
