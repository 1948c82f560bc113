// wsc doc list|get|put|edit; edit runs a scripted $EDITOR, also while another person saves.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client } from '../../shared';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { cliEnv, makeHome, runWsc } from './run-wsc';

let emu: TestEmulator;
let maria: Client;
const TOKEN = 'hpt_member_rw';
const DEPLOY = 'd0000000-0000-4000-8000-000000000003';
const EDITOR_SCRIPT = join(__dirname, 'scripted-editor.mjs');
const ORIGINAL = '# Deploy\n\n1. Merge.\n2. Tag.\n';

beforeAll(async () => {
  emu = await startEmulator();
  maria = new Client({ baseUrl: emu.url, token: TOKEN, clientName: 'test' });
});
beforeEach(async () => {
  await emu.control.reset();
});
afterAll(async () => {
  await maria.close();
  await emu.stop();
});

const env = (extra: Record<string, string> = {}) => cliEnv(makeHome(), { url: emu.url, token: TOKEN, extra });

function editorEnv(mode: string, extra: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'wsc-cli-editor-'));
  return env({
    EDITOR: `'${process.execPath}' '${EDITOR_SCRIPT}'`,
    EDIT_MODE: mode,
    EDIT_COUNT_FILE: join(dir, 'count'),
    OTHER_URL: emu.url,
    OTHER_TOKEN: 'hpt_owner_all',
    DOC_ID: DEPLOY,
    ...extra,
  });
}

describe('wsc doc list and get', () => {
  it('list prints the folder tree; --json {docs:[...]} without bodies', async () => {
    const r = await runWsc(['doc', 'list'], { env: env() });
    expect(r.code).toBe(0);
    // The shared tree's order, as in the TUI and the editor: folders first, then by title.
    expect(r.stdout).toMatch(/^Handbook\/ {2}d0000000-0000-4000-8000-000000000001\n {2}Deploy guide {2}\S+\n {2}Onboarding {2}\S+\n/);
    const j = await runWsc(['doc', 'list', '--json'], { env: env() });
    const { docs } = JSON.parse(j.stdout) as { docs: Array<Record<string, unknown>> };
    expect(docs.length).toBeGreaterThan(2);
    for (const d of docs) expect(d).not.toHaveProperty('body');
  });

  it('get renders the Markdown; --raw prints it as stored; --json the doc; a missing id exits 4', async () => {
    const r = await runWsc(['doc', 'get', DEPLOY], { env: env() });
    expect(r.stdout).toMatch(/^Deploy guide\nupdated \S+ · d0000000-0000-4000-8000-000000000003\n\nDeploy\n\n1\. Merge\.\n2\. Tag\.\n/);
    const raw = await runWsc(['doc', 'get', DEPLOY, '--raw'], { env: env() });
    expect(raw.stdout).toBe(ORIGINAL);
    const j = await runWsc(['doc', 'get', DEPLOY, '--json'], { env: env() });
    expect(JSON.parse(j.stdout)).toMatchObject({ id: DEPLOY, title: 'Deploy guide', body: ORIGINAL });
    const missing = await runWsc(['doc', 'get', 'd0000000-0000-4000-8000-00000000dead'], { env: env() });
    expect(missing.code).toBe(4);
  });
});

describe('a doc named by its title', () => {
  it('get, put and edit take the exact title (then ignoring case); the id still works', async () => {
    const r = await runWsc(['doc', 'get', 'Deploy guide', '--raw'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(ORIGINAL);
    const lower = await runWsc(['doc', 'get', 'deploy GUIDE', '--json'], { env: env() });
    expect(JSON.parse(lower.stdout)).toMatchObject({ id: DEPLOY });
    const put = await runWsc(['doc', 'put', 'Deploy guide', '-', '--force'], { env: env(), input: 'by title\n' });
    expect(put.code).toBe(0);
    expect((await maria.getDoc(DEPLOY)).body).toBe('by title\n');
    const edited = await runWsc(['doc', 'edit', 'Deploy guide'], { env: editorEnv('append') });
    expect(edited.code).toBe(0);
    expect((await maria.getDoc(DEPLOY)).body).toMatch(/^by title\n/);
  });

  it('a folder is not a doc; an unknown title exits 4 naming doc list; two docs with the title are not guessed between (exit 2, both ids)', async () => {
    const folder = await runWsc(['doc', 'get', 'Handbook'], { env: env() });
    expect(folder.code).toBe(4);
    expect(folder.stderr).toMatch(/no doc has the id or the title 'Handbook'\.? \[not_found\]\n {2}hint: Run 'wsc doc list'/);
    const twin = await maria.createDoc({ title: 'Deploy guide', body: 'another one\n' });
    const both = await runWsc(['doc', 'get', 'Deploy guide'], { env: env() });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(`2 docs are titled 'Deploy guide'`);
    expect(both.stderr).toContain(DEPLOY);
    expect(both.stderr).toContain(twin.id);
  });
});

describe('wsc doc put', () => {
  it('saves the JSON of get --json piped back (its updated_at is the compare-and-set)', async () => {
    const got = await runWsc(['doc', 'get', DEPLOY, '--json'], { env: env() });
    const doc = JSON.parse(got.stdout) as { body: string };
    const input = JSON.stringify({ ...doc, body: `${doc.body}3. Announce.\n` });
    const r = await runWsc(['doc', 'put', DEPLOY, '-', '--json'], { env: env(), input });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: DEPLOY, saved: true });
    expect((await maria.getDoc(DEPLOY)).body).toBe(`${ORIGINAL}3. Announce.\n`);

    // The same stale JSON again: someone (we) saved meanwhile, so it is a conflict (exit 5).
    const stale = await runWsc(['doc', 'put', DEPLOY], { env: env(), input });
    expect(stale.code).toBe(5);
    expect(stale.stderr).toMatch(/\[conflict\]\n {2}hint: /);
  });

  it('saves a file with --expected-updated-at; without it (or --force) it refuses (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wsc-cli-put-'));
    const file = join(dir, 'body.md');
    writeFileSync(file, '# New body\n');
    const refused = await runWsc(['doc', 'put', DEPLOY, file], { env: env() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--expected-updated-at');
    const current = await maria.getDoc(DEPLOY);
    const r = await runWsc(['doc', 'put', DEPLOY, file, '--expected-updated-at', current.updated_at], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Saved "Deploy guide" \(updated \S+\)\.\n$/);
    expect((await maria.getDoc(DEPLOY)).body).toBe('# New body\n');
    const forced = await runWsc(['doc', 'put', DEPLOY, '-', '--force'], { env: env(), input: 'forced\n' });
    expect(forced.code).toBe(0);
    expect((await maria.getDoc(DEPLOY)).body).toBe('forced\n');
  });
});

describe('wsc doc edit', () => {
  it('saves what the editor wrote', async () => {
    const r = await runWsc(['doc', 'edit', DEPLOY], { env: editorEnv('append') });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Saved "Deploy guide"/);
    expect((await maria.getDoc(DEPLOY)).body).toBe(`${ORIGINAL}3. Announce.\n`);
  });

  it('saves nothing when nothing changed', async () => {
    const before = await maria.getDoc(DEPLOY);
    const r = await runWsc(['doc', 'edit', DEPLOY], { env: editorEnv('none') });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('No changes; nothing saved.\n');
    expect((await maria.getDoc(DEPLOY)).updated_at).toBe(before.updated_at);
  });

  it('merges cleanly with a save made while editing: both edits are kept', async () => {
    const r = await runWsc(['doc', 'edit', DEPLOY], { env: editorEnv('race') });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('your edits were merged with theirs');
    expect((await maria.getDoc(DEPLOY)).body).toBe('# Deploy (updated)\n\n1. Merge.\n2. Tag.\n3. Announce.\n');
  });

  it('on an overlapping edit writes conflict markers, reopens the editor and saves the resolution', async () => {
    const r = await runWsc(['doc', 'edit', DEPLOY], { env: editorEnv('conflict', { RESOLVE: '1' }) });
    expect(r.stderr).toContain('1 part(s) overlap');
    expect(r.code).toBe(0);
    expect((await maria.getDoc(DEPLOY)).body).toBe('# Deploy\n\n1. Merge.\n2. Tag, sign and push.\n');
  });

  it('leaves an unresolved conflict in the file (nothing typed is lost) and exits 5 with how to save it', async () => {
    const r = await runWsc(['doc', 'edit', DEPLOY], { env: editorEnv('conflict') });
    expect(r.code).toBe(5);
    const file = /conflict markers are still in (\S+)\. \[conflict\]/.exec(r.stderr)?.[1];
    expect(file).toBeDefined();
    expect(existsSync(file ?? '')).toBe(true);
    const kept = readFileSync(file ?? '', 'utf8');
    expect(kept).toContain('2. Tag and sign.');
    expect(kept).toContain('2. Tag and push.');
    expect(kept).toMatch(/^<<<<<<< mine$/m);
    expect(r.stderr).toMatch(/hint: Resolve them, then save with: wsc doc put d0000000-0000-4000-8000-000000000003 \S+ --expected-updated-at \S+/);
    // Theirs stays saved; ours is not until resolved.
    expect((await maria.getDoc(DEPLOY)).body).toBe('# Deploy\n\n1. Merge.\n2. Tag and push.\n');
  });
});

describe('a service whose doc version field has another name (--variant other-names)', () => {
  it('doc edit refuses before anything is sent or edited, naming the field; the doc is unchanged', async () => {
    const other = await startEmulator({ variant: 'other-names' });
    try {
      const r = await runWsc(['doc', 'edit', DEPLOY], { env: cliEnv(makeHome(), { url: other.url, token: TOKEN, extra: { EDITOR: 'false' } }) });
      expect(r.code).toBe(6);
      expect(r.stderr).toContain('"updated_at" is missing');
      const { tables } = await other.control.state();
      expect(tables.docs?.find((d) => d.id === DEPLOY)?.body).toBe(ORIGINAL);
    } finally {
      await other.stop();
    }
  });
});
