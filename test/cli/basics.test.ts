// wsc help, usage errors, connection (env, profiles via login/logout), status and channels.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { cliEnv, makeHome, runWsc, WSC } from './run-wsc';

let emu: TestEmulator;
const TOKEN = 'hpt_member_rw';

beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.stop();
});

describe('wsc help and usage', () => {
  it('prints the command list and the exit-code table', async () => {
    const r = await runWsc(['help'], { env: cliEnv(makeHome()) });
    expect(r.code).toBe(0);
    for (const cmd of ['login', 'status', 'serve', 'channels', 'post', 'read', 'mentions', 'task', 'doc', 'events', 'action']) expect(r.stdout).toContain(`  ${cmd}`);
    expect(r.stdout).toMatch(/Exit codes:\n\s+0\s+success/);
    expect(r.stdout).toMatch(/7\s+rate_limited/);
  });

  it('prints one command\'s usage for --help and for help <command>', async () => {
    const a = await runWsc(['read', '--help'], { env: cliEnv(makeHome()) });
    const b = await runWsc(['help', 'read'], { env: cliEnv(makeHome()) });
    expect(a.code).toBe(0);
    expect(a.stdout).toContain('usage: wsc read <channel> [--limit N] [--before TIMESTAMP | --all] [--follow] [--offline] [--json]');
    expect(b.stdout).toBe(a.stdout);
  });

  it('every command\'s help ends with runnable examples whose flags its usage names', async () => {
    const { USAGES, EXAMPLES } = await import('../../cli/help');
    for (const [command, usage] of Object.entries(USAGES)) {
      const examples = EXAMPLES[command] ?? [];
      expect(examples.length, command).toBeGreaterThan(0);
      for (const example of examples) {
        // Only the wsc invocations in the line (not jq's, git's or the shell's flags).
        for (const call of example.matchAll(/\bwsc ([^|&>#]*)/g)) {
          const [sub] = (call[1] ?? '').trim().split(/\s+/);
          if (sub !== command) continue;
          for (const flag of (call[1] ?? '').match(/--[a-z][a-z-]*/g) ?? []) expect(`${usage} --json --url --profile`, `${command}: ${example}`).toContain(flag);
        }
      }
    }
    const r = await runWsc(['doc', '--help'], { env: cliEnv(makeHome()) });
    expect(r.stdout).toContain('Examples:\n  wsc doc list --text deploy\n');
  });

  it('refuses an unknown command or flag with exit 2 and a hint', async () => {
    const a = await runWsc(['frobnicate'], { env: cliEnv(makeHome()) });
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/^wsc: unknown command 'frobnicate' \[usage\]\n {2}hint: /);
    const b = await runWsc(['channels', '--bogus'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/^wsc: channels: Unknown option '--bogus' \[usage\]\n {2}hint: See 'wsc channels --help'\.\n$/);
    const c = await runWsc(['read', 'general', '--limit', 'lots'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('--limit needs a whole number from 1 to 200');
  });
});

/**
 * `wsc login` on a terminal (script(1) gives it one): answers the URL question, then the token once
 * `tokenPrompt` is shown; returns everything the terminal showed.
 */
function loginInTerminal(home: string, env: Record<string, string>, tokenPrompt: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn('script', ['-qec', `'${process.execPath}' '${WSC}' login`, '/dev/null'], { env: { ...cliEnv(home), TERM: 'xterm', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let step = 0;
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (step === 0 && out.includes('Service URL')) {
        step = 1;
        child.stdin.write(`${emu.url}\r`);
      }
      if (step === 1 && out.includes(tokenPrompt)) {
        step = 2;
        child.stdin.write(`${TOKEN}\r`);
      }
      if (step === 2 && out.includes('Saved as profile')) {
        step = 3;
        child.stdin.end();
      }
    });
    child.once('error', reject);
    child.once('close', () => resolve(out));
  });
}

describe('connection', () => {
  it('says clearly when nothing is configured (exit 3) and suggests login or the demo', async () => {
    const r = await runWsc(['channels'], { env: cliEnv(makeHome()) });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Not connected: no service address and token are configured. [config_error]');
    expect(r.stderr).toContain("hint: Run 'wsc login', or try the local demo: 'wsc serve --demo'");
  });

  it('status tells who, which workspace, the URL and the token source, never the token', async () => {
    const r = await runWsc(['status'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Signed in as Maria Member (@maria)');
    expect(r.stdout).toContain('Workspace:  Acme Test (11111111-1111-4111-8111-111111111111)');
    expect(r.stdout).toContain(`Service:    ${emu.url}`);
    expect(r.stdout).toContain('token from the WSC_TOKEN environment variable (not saved)');
    expect(r.stdout + r.stderr).not.toContain(TOKEN);

    const j = await runWsc(['status', '--json'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    const status = JSON.parse(j.stdout) as Record<string, unknown>;
    expect(status).toMatchObject({ connected: true, url: emu.url, source: 'env', identity: { userId: 'a0000000-0000-4000-8000-000000000003', workspace: 'Acme Test' } });
    expect(j.stdout).not.toContain(TOKEN);
  });

  it('a revoked token exits 3 with the service\'s code and hint', async () => {
    const r = await runWsc(['status'], { env: cliEnv(makeHome(), { url: emu.url, token: 'hpt_revoked' }) });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^wsc: .+ \[unauthorized\]\n {2}hint: .+\n$/);
    expect(r.stdout + r.stderr).not.toContain('hpt_revoked');
  });

  it('remembers who reads, so a DM keeps its short name offline; --json keeps the service\'s name', async () => {
    const home = makeHome();
    const env = cliEnv(home, { url: emu.url, token: TOKEN });
    const first = await runWsc(['channels'], { env });
    expect(first.stdout).not.toContain('maria-mike');
    const json = await runWsc(['channels', '--json'], { env });
    expect((JSON.parse(json.stdout) as { channels: { name: string }[] }).channels.map((c) => c.name)).toContain('maria-mike');
    // Remembered: offline, from the cache after a sync, the DM keeps its short name.
    expect((await runWsc(['sync'], { env })).code).toBe(0);
    const offline = await runWsc(['channels', '--offline'], { env });
    expect(offline.code).toBe(0);
    expect(offline.stdout).toMatch(/^@mike +c0000000/m);
  });

  it('an unreachable service exits 6', async () => {
    const r = await runWsc(['channels'], { env: cliEnv(makeHome(), { url: 'http://127.0.0.1:9', token: TOKEN }), timeoutMs: 60_000 });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('[network_error]');
  }, 60_000);

  it('login reads a piped token, checks it, saves a private profile that later commands use; logout removes it', async () => {
    const home = makeHome();
    const env = cliEnv(home);
    const login = await runWsc(['login', '--url', emu.url, '--profile', 'work'], { env, input: `${TOKEN}\n` });
    // One line on stderr: what the offline cache kept.
    expect(login.stderr).toMatch(/^wsc: kept \d+ channels, [^\n]* for offline use [^\n]*\n$/);
    expect(login.code).toBe(0);
    expect(login.stdout).toContain('Logged in as Maria Member (@maria) in workspace Acme Test');
    expect(login.stdout).toContain('Saved as profile "work"');
    expect(login.stdout).not.toContain(TOKEN);
    const file = join(home, 'config', 'wsc', 'profiles.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const status = await runWsc(['status', '--json'], { env });
    expect(JSON.parse(status.stdout)).toMatchObject({ connected: true, source: 'profile:work', url: emu.url });
    expect(status.stdout).not.toContain(TOKEN);
    const channels = await runWsc(['channels', '--json'], { env });
    expect(channels.code).toBe(0);

    const logout = await runWsc(['logout', '--json'], { env });
    expect(JSON.parse(logout.stdout)).toMatchObject({ removed: true, profile: 'work' });
    const after = await runWsc(['channels'], { env });
    expect(after.code).toBe(3);
  });

  it('login on a terminal asks for the URL and reads the token without echoing it', async () => {
    const home = makeHome();
    const output = await loginInTerminal(home, {}, 'input hidden');
    expect(output).toContain('Logged in as Maria Member (@maria)');
    expect(output).not.toContain(TOKEN);
    expect(statSync(join(home, 'config', 'wsc', 'profiles.json')).mode & 0o777).toBe(0o600);
  });

  it('login in accessible mode asks each question on a line of its own, the URL in the terminal\'s line mode, the token unechoed', async () => {
    const home = makeHome();
    const output = await loginInTerminal(home, { WSC_ACCESSIBLE: '1' }, 'Nothing you type is shown');
    expect(output).toMatch(/Service URL \(e\.g\. http:\/\/127\.0\.0\.1:8787\):\r?\n/);
    expect(output).toMatch(/Personal token \(input hidden\):\r?\nNothing you type is shown; press Enter when done\.\r?\n/);
    // The terminal itself echoed the URL (its line mode); no erase-and-redraw of our own.
    expect(output).toContain(emu.url);
    expect(output).not.toContain('\b \b');
    expect(output).toContain('Logged in as Maria Member (@maria)');
    expect(output).not.toContain(TOKEN);
  });

  it('login with a refused token exits 3 and saves nothing', async () => {
    const home = makeHome();
    const r = await runWsc(['login', '--url', emu.url], { env: cliEnv(home), input: 'hpt_revoked\n' });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('The service refused this token; nothing was saved. [config_error]');
    expect(r.stdout + r.stderr).not.toContain('hpt_revoked');
    expect(() => statSync(join(home, 'config', 'wsc', 'profiles.json'))).toThrow();
  });

  it('login without a URL when piped is a usage error', async () => {
    const r = await runWsc(['login'], { env: cliEnv(makeHome()), input: `${TOKEN}\n` });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('login: no service URL given. [usage]');
  });
});

describe('wsc channels', () => {
  it('--json prints {channels:[...]} of what the person can read', async () => {
    const r = await runWsc(['channels', '--json'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout) as { channels: Array<{ id: string; name: string; kind: string; room_icon: unknown }> };
    const names = data.channels.map((c) => c.name);
    expect(names).toContain('general');
    expect(names).toContain('maria-mike');
    expect(names).not.toContain('leadership');
    for (const c of data.channels) expect(c).toHaveProperty('room_icon');
  });

  it('text lists name, id and marks', async () => {
    const r = await runWsc(['channels'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    expect(r.stdout).toMatch(/^#general\s+c0000000-0000-4000-8000-000000000001$/m);
    // Maria's DM with Mike is named by its other member.
    expect(r.stdout).toMatch(/^@mike\s+c0000000-0000-4000-8000-000000000003 {2}dm, private$/m);
  });
});

describe('a reader that stops early', () => {
  /** `wsc <args> | <reader>` in a real shell; wsc's own exit status and stderr. */
  function piped(args: string[], reader: string): Promise<{ status: number; stderr: string }> {
    const env = cliEnv(makeHome(), { url: emu.url, token: TOKEN });
    const quoted = args.map((a) => `'${a}'`).join(' ');
    return new Promise((resolve, reject) => {
      const child = spawn('bash', ['-c', `'${process.execPath}' '${WSC}' ${quoted} 2>"$ERRFILE" | ${reader} >/dev/null; echo "\${PIPESTATUS[0]}"; cat "$ERRFILE"`], {
        env: { ...env, ERRFILE: join(makeHome(), 'stderr') },
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.once('error', reject);
      child.once('exit', () => {
        const [status, ...stderr] = out.split('\n');
        resolve({ status: Number(status), stderr: stderr.join('\n') });
      });
    });
  }

  it.each([
    [['channels', '--json'], 'true'],
    [['read', 'general'], 'head -1'],
    [['mentions', '--json'], 'head -1'],
  ])('wsc %j | %s ends quietly with 0 (no EPIPE, no stack)', async (args, reader) => {
    const r = await piped(args, reader);
    expect(r.stderr).not.toMatch(/EPIPE|Node\.js|at /);
    expect(r.status).toBe(0);
  });
});
