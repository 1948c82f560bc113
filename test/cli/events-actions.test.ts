// wsc events (timeline, --json, --follow to settlement) and wsc action (list, GET reads, POST receipts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { cliEnv, makeHome, runWsc, startWsc } from './run-wsc';

let emu: TestEmulator;
const TOKEN = 'hpt_member_rw';
const RUN = 'b0000000-0000-4000-8000-000000000001';
const LIVE_RUN = 'b0000000-0000-4000-8000-000000000003';

beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.stop();
});

const env = (token = TOKEN) => cliEnv(makeHome(), { url: emu.url, token });
const lines = (s: string) => s.split('\n').filter((l) => l !== '');

describe('wsc events', () => {
  it('prints the timeline with unknown and withheld events shown as such', async () => {
    const r = await runWsc(['events', RUN], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/#1 \S+ \[main\] ● Run started/);
    expect(r.stdout).toMatch(/future\.hologram \(v1\) \[unknown event\]/);
    expect(r.stdout).toMatch(/note: output withheld \[withheld\]\n\s+Too large to replay/);
    expect(r.stdout).toMatch(/■ Run stopped\n\s+budget exhausted/);
  });

  it('--json prints one event per line with known:false and redaction kept; --after skips', async () => {
    const r = await runWsc(['events', RUN, '--json'], { env: env() });
    const events = lines(r.stdout).map((l) => JSON.parse(l) as { seq: number; known: boolean; redaction: string | null; name: string });
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(events.find((e) => e.name === 'future.hologram')).toMatchObject({ known: false });
    expect(events.find((e) => e.seq === 7)).toMatchObject({ redaction: 'withheld' });
    const later = await runWsc(['events', RUN, '--json', '--after', '6'], { env: env() });
    expect(lines(later.stdout).map((l) => (JSON.parse(l) as { seq: number }).seq)).toEqual([7, 8]);
  });

  it('an unreadable or unknown run exits 4', async () => {
    const r = await runWsc(['events', 'b0000000-0000-4000-8000-000000000005'], { env: env() });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('[not_found]');
  });

  it('--follow prints new events as they are recorded and ends by itself when the run settles', async () => {
    const running = startWsc(['events', LIVE_RUN, '--follow', '--json'], { env: env() });
    try {
      const first = await running.waitForLines(1);
      const before = first.length;
      await emu.control.appendRunEvents(LIVE_RUN, [{ name: 'note', runtime: 'claude', lane: 'main', payload: { text: 'halfway' } }]);
      await running.waitForLines(before + 1);
      await emu.control.appendRunEvents(LIVE_RUN, [{ name: 'run.settled', runtime: 'claude', lane: 'main', payload: { status: 'succeeded', summary: 'ok' } }]);
      const code = await running.exited;
      expect(code).toBe(0);
      const names = lines(running.stdout()).map((l) => (JSON.parse(l) as { name: string }).name);
      expect(names.slice(-2)).toEqual(['note', 'run.settled']);
    } finally {
      await running.stop();
    }
  }, 40_000);
});

describe('wsc action', () => {
  it('list shows every command with its risk; --json the capabilities document', async () => {
    const r = await runWsc(['action', 'list'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^get_task\s+read\s+/m);
    expect(r.stdout).toMatch(/^delete_channel\s+destructive\s+.*\(confirm: "delete channel permanently"\)$/m);
    const j = await runWsc(['action', 'list', '--json'], { env: env() });
    const caps = JSON.parse(j.stdout) as { commands: Array<{ name: string; risk: string; inputSchema: unknown }> };
    expect(caps.commands.find((c) => c.name === 'add_reaction')).toMatchObject({ risk: 'write' });
  });

  it('a read command goes through GET and prints its result', async () => {
    const r = await runWsc(['action', 'get_task', '{"taskId":"T-2"}', '--json'], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ task: { ref: 'T-2' } });
  });

  it('a mutation goes through POST and prints the receipt; the same key replays without repeating', async () => {
    const input = '{"messageId":"e0000000-0000-4000-8000-000000000005","emoji":"🎉"}';
    const r = await runWsc(['action', 'add_reaction', input, '--idempotency-key', 'cli-test-key-1'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ok · action \S+ · request cli-test-key-1\n/);
    const again = await runWsc(['action', 'add_reaction', '-', '--idempotency-key', 'cli-test-key-1', '--json'], { env: env(), input });
    const replay = JSON.parse(again.stdout) as { ok: boolean; receipt: { replayed: boolean; requestId: string } };
    expect(replay).toMatchObject({ ok: true, receipt: { replayed: true, requestId: 'cli-test-key-1' } });
    const state = await emu.control.state();
    const reactions = (state.tables.reactions ?? []).filter((row) => row.emoji === '🎉');
    expect(reactions).toHaveLength(1);
  });

  it('bad JSON exits 2; an unknown command 4; a destructive command without the role 4', async () => {
    const bad = await runWsc(['action', 'add_reaction', '{oops'], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('action: the input is not valid JSON');
    const unknown = await runWsc(['action', 'make_coffee'], { env: env() });
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain("There is no action command 'make_coffee'. [not_found]");
    const denied = await runWsc(['action', 'delete_channel', '{"channelId":"c0000000-0000-4000-8000-000000000001","confirm":"delete channel permanently"}'], { env: env() });
    expect(denied.code).toBe(4);
    expect(denied.stderr).toMatch(/\[permission_required\]\n {2}hint: /);
  });
});
