// Secrets: a representative slice of client, watcher and `wsc` command-line flows runs with one
// KNOWN token (successes and failures: 401, 404, 5xx, refused connection), capturing every log
// line, error (message, stack, JSON, inspect), stdout and stderr, the service's own output, and
// then every file written (XDG config/state/home folders and the --data store). The token must
// appear nowhere but its store: the profile file `wsc login` writes. The --data file may hold the
// token's hash only. Build first (`node esbuild.mjs`; `npm test` does).
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type RunningEmulator } from '../../../emulator/server';
import { Client, FileCursorStore, configDir, startMentionFeed, type Logger } from '../../../shared';
import { loadFixture, spawnEmulator, type TestEmulator } from '../../support/emulator';
import { IDS, TOKENS } from '../support/reliability';

const KNOWN = 'hpt_known_7Qx2ZpR4vK9mW3nB8cT1yL6d';
const ROOT = join(__dirname, '..', '..', '..');
const WSC = join(ROOT, 'dist', 'wsc.js');

const home = mkdtempSync(join(tmpdir(), 'wsc-secrets-'));
const inputs = mkdtempSync(join(tmpdir(), 'wsc-secrets-input-'));
const dirs = { config: join(home, 'config'), state: join(home, 'state'), home: join(home, 'home'), data: join(home, 'data') };
for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
const env = { XDG_CONFIG_HOME: dirs.config, XDG_STATE_HOME: dirs.state, HOME: dirs.home };

/** Everything anyone could read: logs, errors, outputs. */
const captured: Array<{ where: string; text: string }> = [];
const capture = (where: string, text: unknown) => captured.push({ where, text: typeof text === 'string' ? text : inspect(text, { depth: 8 }) });

const capturingLogger = (where: string): Logger => {
  const line = (level: string) => (message: string, fields?: unknown) => capture(`${where} ${level}`, `${message} ${JSON.stringify(fields ?? {})}`);
  return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
};

function captureError(where: string, error: unknown): void {
  capture(`${where}: String`, String(error));
  capture(`${where}: inspect`, inspect(error, { depth: 8 }));
  if (error instanceof Error) {
    capture(`${where}: stack`, error.stack ?? '');
    capture(`${where}: JSON`, JSON.stringify(error));
    capture(`${where}: hint`, (error as { hint?: string }).hint ?? '');
  }
}

let service: TestEmulator;
let stranger: RunningEmulator;

beforeAll(async () => {
  const fixture = loadFixture('basic');
  fixture.tokens.push({ token: KNOWN, person: fixture.people[0]?.id ?? '', name: 'known token', scopes: ['workspace:read', 'workspace:write', 'workspace:admin'] });
  const fixtureFile = join(inputs, 'fixture.json');
  writeFileSync(fixtureFile, JSON.stringify(fixture));
  service = await spawnEmulator({ fixtureFile, dataFile: join(dirs.data, 'workspace.sqlite') });
  service.child?.stdout?.on('data', (c: Buffer) => capture('service stdout', c.toString()));
  service.child?.stderr?.on('data', (c: Buffer) => capture('service stderr', c.toString()));
  capture('service first line', JSON.stringify(service.info));
  // A service that does not know the token: every call there is a 401.
  stranger = await createEmulator({ fixture: loadFixture('basic') });
}, 30_000);

afterAll(async () => {
  await service?.stop();
  await stranger?.close();
  rmSync(home, { recursive: true, force: true });
  rmSync(inputs, { recursive: true, force: true });
});

/** Runs `wsc ...` with the XDG folders above; captures stdout and stderr. */
function wsc(args: string[], options: { input?: string; extraEnv?: Record<string, string>; timeoutMs?: number } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('WSC_')));
    const child = execFile(
      process.execPath,
      [WSC, ...args],
      { env: { ...clean, ...env, NO_COLOR: '1', ...options.extraEnv }, timeout: options.timeoutMs ?? 20_000 },
      (error, stdout, stderr) => {
        capture(`wsc ${args.join(' ')} stdout`, stdout);
        capture(`wsc ${args.join(' ')} stderr`, stderr);
        resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, stdout, stderr });
      },
    );
    child.stdin?.end(options.input ?? '');
  });
}

/** `wsc <args>` until SIGINT after `ms` (follow modes). */
function wscFor(ms: number, args: string[], extraEnv: Record<string, string>): Promise<void> {
  return new Promise((resolve) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('WSC_')));
    const child = spawn(process.execPath, [WSC, ...args], { env: { ...clean, ...env, NO_COLOR: '1', ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c: Buffer) => capture(`wsc ${args.join(' ')} stdout`, c.toString()));
    child.stderr.on('data', (c: Buffer) => capture(`wsc ${args.join(' ')} stderr`, c.toString()));
    const timer = setTimeout(() => child.kill('SIGINT'), ms);
    const hardStop = setTimeout(() => child.kill('SIGKILL'), ms + 5_000);
    child.on('exit', () => {
      clearTimeout(timer);
      clearTimeout(hardStop);
      resolve();
    });
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the token appears nowhere but its store', () => {
  it('client and watcher flows: logs and errors', { timeout: 30_000 }, async () => {
    const client = new Client({ baseUrl: service.url, token: KNOWN, clientName: 'secrets', logger: capturingLogger('client'), retry: { baseMs: 5, capMs: 20 } });
    const poster = new Client({ baseUrl: service.url, token: TOKENS.mike, clientName: 'secrets-poster' });
    try {
      capture('me', await client.me());
      capture('channels', await client.channels());
      await client.postMessage(IDS.general, { body: 'hello from a script' });
      for await (const m of client.iterateMessages(IDS.general, { direction: 'older', limit: 5 })) capture('message', m);
      capture('wake', await client.wake());

      await client.getDoc('no-such-doc').catch((e: unknown) => captureError('404', e));
      await service.control.faults({ fail500: 10, pathPattern: '*/channels' });
      await client.channels().catch((e: unknown) => captureError('5xx', e));
      await service.control.faults({});
      const stray = new Client({ baseUrl: stranger.url, token: KNOWN, clientName: 'secrets', logger: capturingLogger('stray') });
      await stray.me().catch((e: unknown) => captureError('401', e));
      await stray.close();
      const dead = new Client({ baseUrl: 'http://127.0.0.1:9', token: KNOWN, clientName: 'secrets', logger: capturingLogger('dead'), retry: { maxAttempts: 2, baseMs: 1 } });
      await dead.me().catch((e: unknown) => captureError('refused', e));
      await dead.close();

      // The mention feed, with its cursor in the XDG state folder.
      const feed = startMentionFeed({
        client,
        cursorStore: new FileCursorStore<string>(join(dirs.state, 'wsc', 'cursors', 'secrets.json')),
        logger: capturingLogger('feed'),
        onDoorbellStatus: (status, detail) => capture('doorbell', `${status} ${detail ?? ''}`),
      });
      const seen: string[] = [];
      const running = feed.watcher.run({
        onMention: (row) => {
          seen.push(row.body);
          capture('mention', row);
        },
        onError: (e) => captureError('watcher', e),
        onStatus: (s, d) => capture('watcher status', `${s} ${d ?? ''}`),
      });
      await new Promise((r) => setTimeout(r, 300));
      await poster.postMessage(IDS.general, { body: '@olivia the token test needs you' });
      const deadline = Date.now() + 10_000;
      while (!seen.some((b) => b.includes('token test')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await feed.stop();
      await running;
      expect(seen.some((b) => b.includes('token test'))).toBe(true);
    } finally {
      await client.close();
      await poster.close();
    }
  });

  it('wsc command-line flows: output, errors and the files they write', { timeout: 90_000 }, async () => {
    const login = await wsc(['login', '--url', service.url], { input: `${KNOWN}\n` });
    expect(login.code, login.stderr).toBe(0);
    expect((await wsc(['status', '--json'])).code).toBe(0);
    expect((await wsc(['channels'])).code).toBe(0);
    expect((await wsc(['post', 'general', 'posted by the CLI with a saved profile'])).code).toBe(0);
    expect((await wsc(['read', 'general', '--limit', '5', '--json'])).code).toBe(0);
    expect((await wsc(['mentions', '--json'])).code).toBe(0);
    expect((await wsc(['task', 'list'])).code).toBe(0);
    expect((await wsc(['doc', 'list', '--json'])).code).toBe(0);
    expect((await wsc(['action', 'list'])).code).toBe(0);

    const viaEnv = { WSC_URL: service.url, WSC_TOKEN: KNOWN };
    expect((await wsc(['status'], { extraEnv: viaEnv })).code).toBe(0);
    expect((await wsc(['channels', '--json'], { extraEnv: viaEnv })).code).toBe(0);
    expect((await wsc(['doc', 'get', 'no-such-doc'], { extraEnv: viaEnv })).code).toBe(4);
    expect((await wsc(['channels'], { extraEnv: { WSC_URL: stranger.url, WSC_TOKEN: KNOWN } })).code).toBe(3);
    expect((await wsc(['channels'], { extraEnv: { WSC_URL: 'http://127.0.0.1:9', WSC_TOKEN: KNOWN } })).code).toBe(6);
    await service.control.faults({ fail500: 50, pathPattern: '*/channels' });
    expect((await wsc(['channels'], { extraEnv: viaEnv })).code).toBe(6);
    await service.control.faults({});
    await wscFor(1_500, ['mentions', '--follow'], viaEnv);
  });

  it('scan: nothing captured and no file written holds the token, but its store', () => {
    const needles = [KNOWN, KNOWN.slice(4), KNOWN.slice(8, 24)];
    expect(captured.length).toBeGreaterThan(40);
    for (const { where, text } of captured) {
      for (const needle of needles) expect(text.includes(needle), `token found in ${where}: ${text.slice(0, 300)}`).toBe(false);
    }

    const store = join(configDir(env), 'profiles.json');
    const files = filesUnder(home);
    expect(files).toContain(store);
    expect(files.some((f) => f.startsWith(dirs.state))).toBe(true);
    expect(files.some((f) => f.startsWith(dirs.data))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file).toString('latin1');
      const holds = needles.some((n) => bytes.includes(n));
      expect(holds, `token found in ${file}`).toBe(file === store);
    }
  });
});
