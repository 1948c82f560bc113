// What scripts and shells get from wsc: completion scripts that a real bash runs, errors as one
// JSON line under --json, and `status --json` answering even when the token is refused.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { cliEnv, makeHome, runWsc } from './run-wsc';

let emu: TestEmulator;
const TOKEN = 'hpt_member_rw';

beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.stop();
});

/** What bash's completion offers after `words` (the last one being completed). */
function bashComplete(script: string, words: string[]): string[] {
  const program = `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _wsc; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync('bash', ['-c', program], { encoding: 'utf8' }).split('\n').filter((l) => l !== '');
}

describe('wsc completion', () => {
  it('bash: completes commands, sub-verbs and flags, read from the help texts', async () => {
    const r = await runWsc(['completion', 'bash'], { env: cliEnv(makeHome()) });
    expect(r.code).toBe(0);
    expect(bashComplete(r.stdout, ['wsc', 'ta'])).toEqual(['task']);
    expect(bashComplete(r.stdout, ['wsc', 'task', 'sh'])).toEqual(['show']);
    expect(bashComplete(r.stdout, ['wsc', 'task', 'list', '--pri'])).toEqual(['--priority']);
    expect(bashComplete(r.stdout, ['wsc', 'read', 'general', '--fo'])).toEqual(['--follow']);
    expect(bashComplete(r.stdout, ['wsc', 'completion', 'f'])).toEqual(['fish']);
    expect(bashComplete(r.stdout, ['wsc', 'task', 'st'])).toEqual(['start']);
    expect(bashComplete(r.stdout, ['wsc', 'task', 'start', 'T-1', '--ca'])).toEqual(['--carry']);
    expect(bashComplete(r.stdout, ['wsc', 'sea'])).toEqual(['search']);
    expect(bashComplete(r.stdout, ['wsc', 'share', 'a.ts:1-2', '#general', '--th'])).toEqual(['--thread']);
    expect(bashComplete(r.stdout, ['wsc', 'hooks', 'in'])).toEqual(['install']);
    expect(bashComplete(r.stdout, ['wsc', 'hooks', 'install', '--mo'])).toEqual(['--mode']);
  });

  it('zsh and fish print their scripts; another shell is a usage error', async () => {
    const zsh = await runWsc(['completion', 'zsh'], { env: cliEnv(makeHome()) });
    expect(zsh.stdout).toMatch(/^#compdef wsc/);
    expect(zsh.stdout).toContain('bashcompinit');
    const fish = await runWsc(['completion', 'fish'], { env: cliEnv(makeHome()) });
    expect(fish.stdout).toContain("complete -c wsc -n '__fish_seen_subcommand_from task' -a 'list show start create update link");
    const other = await runWsc(['completion', 'tcsh'], { env: cliEnv(makeHome()) });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('Use wsc completion bash, zsh or fish.');
  });
});

describe('--json when something fails', () => {
  it('status --json with a refused token prints what is configured and why, and exits 3', async () => {
    const r = await runWsc(['status', '--json'], { env: cliEnv(makeHome(), { url: emu.url, token: 'hpt_revoked' }) });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ connected: false, url: emu.url, source: 'env', error: { code: 'unauthorized' } });
    expect(r.stdout + r.stderr).not.toContain('hpt_revoked');
  });

  it('an error under --json is one JSON line on stderr with its code, hint and exit code', async () => {
    const r = await runWsc(['read', 'no-such-channel', '--json'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    const e = JSON.parse(lines[0] as string) as { error: { code: string; message: string; hint: string; exitCode: number } };
    expect(e.error.exitCode).toBe(r.code);
    expect(e.error.message).toContain('no-such-channel');
    expect(e.error.hint).not.toBe('');
  });
});

describe('people by name', () => {
  it('wsc people lists everyone in your channels by @handle and name', async () => {
    const r = await runWsc(['people'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^@maria +Maria Member +a0000000-0000-4000-8000-000000000003$/m);
    expect(r.stdout).toMatch(/^@helper +Helper \[agent\]/m);
    const j = await runWsc(['people', '--json'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    expect((JSON.parse(j.stdout) as { people: { handle: string }[] }).people.map((p) => p.handle)).toContain('olivia');
  });

  it('task list --assignee takes @handle, handle or name; nobody by that name is a usage error naming wsc people', async () => {
    const env = cliEnv(makeHome(), { url: emu.url, token: TOKEN });
    for (const who of ['@maria', 'maria', 'Maria Member', 'me']) {
      const r = await runWsc(['task', 'list', '--assignee', who], { env });
      expect(r.code, who).toBe(0);
      expect(r.stdout, who).toMatch(/^T-2 +in_review Fix search ranking/m);
    }
    const none = await runWsc(['task', 'list', '--assignee', '@zed'], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('wsc people');
  });

  it('task show names the assignee, the channel and the epic instead of their ids', async () => {
    const r = await runWsc(['task', 'show', 'T-2'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/assignee +Maria Member \(@maria\)/);
    expect(r.stdout).toMatch(/channel +#general/);
    expect(r.stdout).toMatch(/epic +T-1 Search revamp/);
  });
});

describe('wsc action <command> --help', () => {
  it('lists the command inputs from the service, marks the required ones, and gives an example', async () => {
    const r = await runWsc(['action', 'delete_channel', '--help'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('usage: wsc action delete_channel');
    expect(r.stdout).toMatch(/channelId +string \(required\)/);
    expect(r.stdout).toMatch(/confirm +string \(required\)/);
    expect(r.stdout).toContain(`example: wsc action delete_channel '{"channelId":"…","confirm":"delete channel permanently"}'`);
    const unknown = await runWsc(['action', 'no_such_command', '--help'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('wsc action list');
  });
});

describe('wsc read --before, --all and --thread', () => {
  const ids = (stdout: string) => stdout.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id.slice(-2));

  it('--all prints every message oldest first; --before those before a time', async () => {
    const env = cliEnv(makeHome(), { url: emu.url, token: TOKEN });
    const all = await runWsc(['read', 'general', '--all', '--json'], { env });
    expect(all.code).toBe(0);
    expect(ids(all.stdout)).toEqual(['01', '02', '05', '06', '13']);
    const before = await runWsc(['read', 'general', '--before', '2026-11-21T09:05:00Z', '--json'], { env });
    expect(ids(before.stdout)).toEqual(['01', '02', '05']);
    const both = await runWsc(['read', 'general', '--all', '--before', '2026-11-21T09:05:00Z'], { env });
    expect(both.code).toBe(2);
  });

  it('--thread prints the root, then its replies', async () => {
    const r = await runWsc(['read', '--thread', 'e0000000-0000-4000-8000-000000000002'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('2 replies');
    const root = r.stdout.indexOf('Release planning thread');
    expect(root).toBeGreaterThan(-1);
    expect(r.stdout.indexOf('The search fix, I think.')).toBeGreaterThan(root);
  });
});

describe('wsc profile list|use', () => {
  it('lists the saved profiles without tokens, and use makes another one the default that later commands take', async () => {
    const env = cliEnv(makeHome());
    for (const [name, token] of [['work', TOKEN], ['admin', 'hpt_owner_all']] as const) {
      const login = await runWsc(['login', '--url', emu.url, '--profile', name], { env, input: `${token}\n` });
      expect(login.code).toBe(0);
    }
    const list = await runWsc(['profile', 'list'], { env });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^\* admin +http/m);
    expect(list.stdout).toMatch(/^ {2}work +http/m);
    expect(list.stdout).not.toContain('hpt_');
    const use = await runWsc(['profile', 'use', 'work'], { env });
    expect(use.stdout).toContain('"work" is now the default profile.');
    const status = await runWsc(['status', '--json'], { env });
    expect(JSON.parse(status.stdout)).toMatchObject({ connected: true, source: 'profile:work' });
    const missing = await runWsc(['profile', 'use', 'nope'], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Saved: ');
  });
});
