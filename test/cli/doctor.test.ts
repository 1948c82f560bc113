import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { cliEnv, makeHome, runWsc } from './run-wsc';

const TOKEN = 'hpt_member_rw';
const started: TestEmulator[] = [];
afterAll(async () => {
  for (const emu of started) await emu.stop();
});

async function doctor(variant: string | undefined, json = false) {
  const emu = await startEmulator(variant === undefined ? {} : { variant });
  started.push(emu);
  return runWsc(['doctor', ...(json ? ['--json'] : [])], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
}

describe('wsc doctor', () => {
  // 'default' is set explicitly: under the latitude test project the suite's default is latitude,
  // which the doctor must pass too (it is that project's run of this test).
  it('passes against the local service (every field, envelope and command is there)', async () => {
    const r = await doctor(process.env.WSC_TEST_VARIANT ?? 'default');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('✓ GET /api/v1/docs/{id}: every field the client needs is there');
    expect(r.stdout).toContain('✓ command get_task: offered');
    expect(r.stdout).toMatch(/All \d+ checks passed/);
    expect(r.stdout).not.toContain('✗');
  });

  it('names the difference of a service whose field names differ, and what will not work (exit 6)', async () => {
    const r = await doctor('other-names');
    expect(r.code).toBe(6);
    expect(r.stdout).toContain('✗ GET /api/v1/docs/{id}: no field "updated_at": doc editing');
    expect(r.stdout).toContain('1 of');
  });

  it('finds commands the service names otherwise, and names the one it does not offer (exit 6)', async () => {
    const r = await doctor('other-commands');
    expect(r.code).toBe(6);
    expect(r.stdout).toContain('✓ command get_task: offered as "task_get" (wsc calls it by that name)');
    expect(r.stdout).toContain('✓ command create_doc_folder: offered as "DocFolderCreate"');
    expect(r.stdout).toContain('✗ command move_doc: not offered by list_capabilities: moving docs (VS Code Docs view) will not work');
    expect(r.stdout).toContain('1 of');
  });

  it('--json gives the findings for scripts', async () => {
    const r = await doctor('other-names', true);
    const report = JSON.parse(r.stdout) as { problems: number; findings: Array<{ ok: boolean; subject: string; detail: string }> };
    expect(report.problems).toBe(1);
    expect(report.findings.find((f) => !f.ok)?.subject).toBe('GET /api/v1/docs/{id}');
  });
});

describe('a service that says its API is going away', () => {
  it('the CLI says so once on stderr, and --json output stays clean', async () => {
    const { startLoopbackServer } = await import('../shared/support/loopback-server');
    const stub = await startLoopbackServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', sunset: 'Wed, 30 Jun 2027 00:00:00 GMT' });
      res.end(JSON.stringify({ channels: [{ id: 'c1', name: 'general' }] }));
    });
    try {
      const r = await runWsc(['channels', '--json'], { env: cliEnv(makeHome(), { url: stub.url, token: TOKEN }) });
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ channels: [{ id: 'c1', name: 'general' }] });
      expect(r.stderr.match(/wsc: note: The service will stop answering this API on 2027-06-30/g)).toHaveLength(1);
    } finally {
      await stub.close();
    }
  });
});
