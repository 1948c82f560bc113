// A damaged --data file: `wsc serve` says what is wrong on stderr and exits non-zero, never
// listens without its first line, and never starts a fresh workspace over a damaged write-ahead log.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnEmulator } from '../support/emulator';
import { api, IDS, TOKENS, type Loose } from './support/api';

const ROOT = join(__dirname, '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'basic.json');
let dir: string;

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist', 'wsc.js'))) {
    const built = spawnSync(process.execPath, ['esbuild.mjs', '--quiet'], { cwd: ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  }
  dir = mkdtempSync(join(tmpdir(), 'wsc-data-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Outcome {
  /** The exit code, or 'listening' when it printed a first line instead of exiting. */
  result: number | 'listening';
  stdout: string;
  stderr: string;
}

/** Runs `wsc serve --data FILE` until it exits or prints its first line (then it is stopped). */
function serveOnce(dataFile: string, fixture: string | null = FIXTURE): Promise<Outcome> {
  const args = [join(ROOT, 'dist', 'wsc.js'), 'serve', '--port', '0', ...(fixture ? ['--fixture', fixture] : []), '--data', dataFile];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => {
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes('\n') && child.exitCode === null) {
        child.kill('SIGKILL');
        child.once('exit', () => resolve({ result: 'listening', stdout, stderr }));
      }
    });
    child.once('exit', (code) => {
      if (!stdout.includes('\n')) resolve({ result: code ?? -1, stdout, stderr });
    });
  });
}

function expectRefused(outcome: Outcome, mentions: RegExp): void {
  if (outcome.result === 'listening') throw new Error(`wsc serve started on a damaged data file: ${outcome.stdout}`);
  expect(outcome.result).not.toBe(0);
  expect(outcome.stdout).toBe('');
  expect(outcome.stderr).toMatch(/^wsc serve: could not start: /);
  expect(outcome.stderr).toMatch(mentions);
  expect(outcome.stderr).toMatch(/backup|move .* aside/);
}

/** A data file left by a crash (kill -9) after `posts` messages were acknowledged. */
async function crashedDataFile(name: string, posts: number): Promise<string> {
  const file = join(dir, `${name}.sqlite`);
  const em = await spawnEmulator({ dataFile: file });
  for (let i = 0; i < posts; i++) {
    const r = await api(em.url, TOKENS.maria, 'POST', `/api/v1/channels/${IDS.general}/messages`, { body: `acknowledged ${i}` });
    expect(r.status).toBe(201);
  }
  em.child?.kill('SIGKILL');
  await em.stop();
  return file;
}

describe('a damaged --data file', () => {
  it('random bytes: a clear error and a non-zero exit', async () => {
    const file = join(dir, 'random.sqlite');
    writeFileSync(file, Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7919) % 251)));
    expectRefused(await serveOnce(file), /random\.sqlite is not a usable workspace database/);
  });

  it('damaged pages inside a real workspace file: refused, not served', async () => {
    const file = join(dir, 'pages.sqlite');
    const em = await spawnEmulator({ dataFile: file });
    await em.stop(); // a clean stop: everything is in the file
    const bytes = readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    for (let page = 2; page < bytes.length / pageSize; page++) bytes.fill(0xa5, page * pageSize + 8, page * pageSize + 200);
    writeFileSync(file, bytes);
    expectRefused(await serveOnce(file), /pages\.sqlite is not a usable workspace database/);
  });

  it('a crash, then a damaged write-ahead log header: refused, and the log is left as it was', async () => {
    const file = await crashedDataFile('header', 2);
    const wal = `${file}-wal`;
    expect(statSync(wal).size).toBeGreaterThan(32);
    const bytes = readFileSync(wal);
    bytes.write('XXXX', 0);
    writeFileSync(wal, bytes);
    expectRefused(await serveOnce(file), /header\.sqlite-wal is damaged/);
    expect(readFileSync(wal).equals(bytes)).toBe(true);
  });

  it('a crash, then a damaged frame early in the log: refused instead of dropping the commits after it', async () => {
    const file = await crashedDataFile('frame', 4);
    const wal = `${file}-wal`;
    const bytes = readFileSync(wal);
    bytes[32 + 24 + 64] = (bytes[32 + 24 + 64] as number) ^ 0xff; // inside the first frame's page
    writeFileSync(wal, bytes);
    expectRefused(await serveOnce(file), /frame\.sqlite-wal is damaged \(frame 1 of \d+ is damaged and \d+ committed changes after it would be lost\)/);
  });

  it('a crash with the log intact restarts with every acknowledged post; a lost log still keeps the workspace', async () => {
    const file = await crashedDataFile('intact', 2);
    copyFileSync(file, join(dir, 'lost-log.sqlite'));
    const em = await spawnEmulator({ dataFile: file });
    try {
      const bodies = ((await api(em.url, TOKENS.maria, 'GET', `/api/v1/channels/${IDS.general}/messages?limit=100`)).body.messages as Loose[]).map((m) => m.body);
      expect(bodies).toEqual(expect.arrayContaining(['acknowledged 0', 'acknowledged 1']));
    } finally {
      await em.stop();
    }
    // Without its log, the file still holds the workspace it was created with, not a fresh built-in one.
    const lost = await serveOnce(join(dir, 'lost-log.sqlite'), null);
    expect(lost.result).toBe('listening');
    expect(JSON.parse(lost.stdout.split('\n')[0] as string).workspace).toEqual({ id: IDS.workspace, name: 'Acme Test' });
  });
});
