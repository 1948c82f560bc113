// The CLI face of the parity suite: every step is a `node dist/wsc.js …` subprocess with its own
// HOME and XDG folders, connected by WSC_URL/WSC_TOKEN to the proxy (no login, no earlier call).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PARITY, until, type DocEdit, type FaceDriver, type InboxElsewhere, type ParityChannel, type ShownInboxItem } from '../scenarios';

/** The project root when run from the sources (vitest); a bundle (the VS Code suite) passes `root`. */
const SOURCE_ROOT = join(__dirname, '..', '..', '..');
/** The queued exit code (cli/exit-codes.ts EXIT.queued). */
const QUEUED = 8;
const RUN_LIMIT_MS = 60_000;

export interface CliRun {
  args: string[];
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliFaceOptions {
  /** The URL the CLI is given (the proxy's). */
  url: string;
  /** A HOME to share (e.g. the VS Code extension host's, for the cross-face scenario); fresh when omitted. */
  home?: string;
  /** XDG_STATE_HOME to share; `<home>/state` when omitted. */
  stateHome?: string;
  /** The `node` to run wsc with (the extension host passes the one on PATH). */
  node?: string;
  /** The project root (dist/wsc.js, test/parity/faces/handshake-editor.mjs). */
  root?: string;
}

interface Started {
  child: ChildProcess;
  done: Promise<CliRun>;
}

export class CliFace implements FaceDriver {
  readonly face = 'cli' as const;
  readonly home: string;
  readonly stateHome: string;
  /** Every run, for failure messages and keptText. */
  readonly runs: CliRun[] = [];
  private lastPost: CliRun | undefined;
  private inFlight: Started | undefined;

  private readonly root: string;

  constructor(private readonly options: CliFaceOptions) {
    this.root = options.root ?? SOURCE_ROOT;
    this.home = options.home ?? mkdtempSync(join(tmpdir(), 'wsc-parity-cli-'));
    this.stateHome = options.stateHome ?? join(this.home, 'state');
  }

  env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: this.home,
      XDG_CONFIG_HOME: join(this.home, 'config'),
      XDG_STATE_HOME: this.stateHome,
      LANG: 'C.UTF-8',
      NO_COLOR: '1',
      WSC_URL: this.options.url,
      WSC_TOKEN: PARITY.maria.token,
      ...extra,
    };
  }

  start(args: string[], extra: Record<string, string> = {}): Started {
    const child = spawn(this.options.node ?? process.execPath, [join(this.root, 'dist', 'wsc.js'), ...args], { env: this.env(extra), cwd: this.root, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.stdin?.end('');
    const done = new Promise<CliRun>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`wsc ${args.join(' ')} did not finish within ${RUN_LIMIT_MS} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
      }, RUN_LIMIT_MS);
      child.once('error', reject);
      child.once('close', (code) => {
        clearTimeout(timer);
        const run = { args, code, stdout, stderr };
        this.runs.push(run);
        resolve(run);
      });
    });
    return { child, done };
  }

  run(args: string[], extra: Record<string, string> = {}): Promise<CliRun> {
    return this.start(args, extra).done;
  }

  said(run: CliRun | undefined): string {
    return run ? `\`wsc ${run.args.join(' ')}\` exited ${String(run.code)}; stderr: ${run.stderr.trim().slice(-500)}; stdout: ${run.stdout.trim().slice(-300)}` : 'no run';
  }

  async open(history: 'first-use' | 'used-before' = 'first-use'): Promise<void> {
    // Nothing to start: a one-shot command per step; a first use makes no call before the steps.
    if (history === 'first-use') return;
    const sync = await this.run(['sync']);
    if (sync.code !== 0) throw new Error(`wsc sync (the earlier use) failed: ${this.said(sync)}`);
  }

  async restart(): Promise<void> {
    // Each command is a new process on the same home already.
  }

  async close(): Promise<void> {
    if (this.inFlight && this.inFlight.child.exitCode === null) this.inFlight.child.kill('SIGKILL');
  }

  async post(channel: ParityChannel, body: string): Promise<void> {
    this.lastPost = await this.run(['post', channel.name, body]);
  }

  async startPost(channel: ParityChannel, body: string): Promise<void> {
    this.inFlight = this.start(['post', channel.name, body]);
    this.inFlight.done.then((run) => (this.lastPost = run)).catch(() => undefined);
  }

  async entries(): Promise<Record<string, unknown>[]> {
    const list = await this.run(['outbox', 'list', '--json']);
    if (list.code !== 0) throw new Error(`could not list the outbox: ${this.said(list)}`);
    return list.stdout
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  private async entryWith(body: string): Promise<Record<string, unknown> | undefined> {
    return (await this.entries()).find((e) => JSON.stringify(e.operation).includes(JSON.stringify(body).slice(1, -1)));
  }

  async expectPending(body: string): Promise<void> {
    const post = this.lastPost;
    if (post?.code !== QUEUED || !/queued:/.test(post.stderr)) {
      throw new Error(`the CLI did not queue the post (expected exit ${QUEUED} and a "queued:" note): ${this.said(post)}`);
    }
    if ((await this.entryWith(body)) === undefined) throw new Error(`\`wsc outbox list\` does not list "${body}" although the post said queued`);
  }

  async dropPending(body: string): Promise<void> {
    const entry = await this.entryWith(body);
    if (entry === undefined) {
      throw new Error(`no outbox entry holds "${body}" while \`wsc post\` is in flight (the post is not in the outbox while it is sent): \`wsc outbox list --json\` lists ${JSON.stringify(await this.entries())}`);
    }
    const drop = await this.run(['outbox', 'drop', String(entry.id)]);
    if (drop.code !== 0) throw new Error(`\`wsc outbox drop\` of the entry in flight failed: ${this.said(drop)}`);
  }

  async replayNow(): Promise<void> {
    this.inFlight = this.start(['outbox', 'retry']);
  }

  async settle(): Promise<void> {
    if (this.inFlight) await this.inFlight.done;
    this.inFlight = undefined;
    // `retry` exits 0 once all was sent (8 while some still wait): what a person runs when back online.
    // Any other code (nothing was ever queued for this connection, a refusal) leaves nothing to wait for.
    await until('wsc outbox retry to send everything', async () => (await this.run(['outbox', 'retry'])).code !== QUEUED);
  }

  async shownCount(channel: ParityChannel, body: string): Promise<number> {
    const read = await this.run(['read', channel.name, '--limit', '200']);
    if (read.code !== 0) throw new Error(`wsc read failed: ${this.said(read)}`);
    return read.stdout.split('\n').filter((l) => l.trim() === body).length;
  }

  async editDoc(title: string, edit: DocEdit, meanwhile: () => Promise<void>): Promise<void> {
    const handshake = mkdtempSync(join(tmpdir(), 'wsc-parity-edit-'));
    const editing = this.start(['doc', 'edit', title], {
      EDITOR: `'${this.options.node ?? process.execPath}' '${join(this.root, 'test', 'parity', 'faces', 'handshake-editor.mjs')}'`,
      VISUAL: '',
      PARITY_EDIT: JSON.stringify(edit),
      PARITY_HANDSHAKE: handshake,
    });
    let ended: CliRun | undefined;
    void editing.done.then((r) => (ended = r)).catch(() => undefined);
    await until('the editor to make the edit', () => existsSync(join(handshake, 'edited')) || (ended !== undefined ? Promise.reject(new Error(`wsc doc edit ended before the editor ran: ${this.said(ended)}`)) : undefined));
    await meanwhile();
    writeFileSync(join(handshake, 'go'), '');
    await editing.done;
  }

  async keptText(): Promise<string> {
    const parts: string[] = [JSON.stringify(await this.entries().catch(() => []))];
    for (const run of this.runs.filter((r) => r.args[0] === 'doc')) {
      parts.push(run.stdout, run.stderr);
      // A conflict is written to a file the CLI names: read every file it names that exists.
      for (const path of (`${run.stdout}\n${run.stderr}`.match(/\/[^\s'"]+/g) ?? []).map((p) => p.replace(/[.,:;)]+$/, ''))) {
        try {
          if (existsSync(path)) parts.push(readFileSync(path, 'utf8'));
        } catch {
          // a folder or an unreadable path: not kept text
        }
      }
    }
    return parts.join('\n');
  }

  async readMentions(): Promise<string[]> {
    const read = await this.run(['mentions', '--json']);
    if (read.code !== 0) throw new Error(`wsc mentions failed: ${this.said(read)}`);
    return read.stdout
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => String((JSON.parse(l) as { body: string }).body));
  }

  async mentionCursor(): Promise<string | undefined> {
    return accountCursorIn(join(this.stateHome, 'wsc', 'offline'));
  }

  async roomLabelShown(channel: ParityChannel): Promise<string> {
    const read = await this.run(['read', channel.name]);
    if (read.code !== 0) throw new Error(`wsc read failed: ${this.said(read)}`);
    const heading = read.stderr.split('\n').find((l) => /: \d+ messages?/.test(l));
    if (heading === undefined) throw new Error(`wsc read printed no heading: ${this.said(read)}`);
    return heading.replace(/: \d+ messages?.*$/, '');
  }

  async authorShown(channel: ParityChannel, body: string): Promise<string> {
    const read = await this.run(['read', channel.name, '--limit', '200']);
    const lines = read.stdout.split('\n');
    const at = lines.findIndex((l) => l.trim() === body);
    if (at < 1) throw new Error(`wsc read does not show "${body}": ${this.said(read)}`);
    // `<timestamp> <author> · <id>`
    return (lines[at - 1] ?? '').replace(/^\S+ /, '').replace(/ · \S+$/, '');
  }

  /** `wsc inbox --json`: each item not done, one JSON object per line. */
  async inboxItems(): Promise<{ id: string; title: string; state: string }[]> {
    const run = await this.run(['inbox', '--json']);
    if (run.code !== 0) throw new Error(`wsc inbox failed: ${this.said(run)}`);
    return run.stdout
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((o) => typeof o.id === 'string' && typeof o.title === 'string')
      .map((o) => ({ id: String(o.id), title: String(o.title), state: String(o.state) }));
  }

  async inbox(): Promise<ShownInboxItem[]> {
    return (await this.inboxItems()).map((i) => ({ title: i.title, unread: i.state === 'unread' }));
  }

  async inboxDone(titlePart: string): Promise<void> {
    const item = (await this.inboxItems()).find((i) => i.title.includes(titlePart));
    if (!item) throw new Error(`wsc inbox lists no item with "${titlePart}"`);
    const done = await this.run(['inbox', 'done', item.id]);
    if (done.code !== 0) throw new Error(`wsc inbox done ${item.id} failed: ${this.said(done)}`);
  }

  elsewhere(): InboxElsewhere {
    return cliInboxOn(new CliFace({ ...this.options, home: this.home, stateHome: this.stateHome }));
  }
}

/** The inbox of the account a CLI face acts as, seen from another home (the same state folder). */
export function cliInboxOn(cli: CliFace): InboxElsewhere {
  return {
    inbox: () => cli.inboxItems(),
    async done(id) {
      const run = await cli.run(['inbox', 'done', id]);
      if (run.code !== 0) throw new Error(`wsc inbox done ${id} (the other home) failed: ${cli.said(run)}`);
    },
    async watchRun(runId) {
      const run = await cli.run(['inbox', 'watch', runId]);
      if (run.code !== 0) throw new Error(`wsc inbox watch ${runId} (the other home) failed: ${cli.said(run)}`);
    },
  };
}

/** The newest cursor among the cursor files in `folder` ({"cursor": "<timestamp>"}), if any. */
export function newestCursorIn(folderOrFile: string): string | undefined {
  if (!existsSync(folderOrFile)) return undefined;
  const files = folderOrFile.endsWith('.json') ? [folderOrFile] : readdirSync(folderOrFile).filter((f) => f.endsWith('.json')).map((f) => join(folderOrFile, f));
  const cursors = files
    .map((file) => {
      try {
        return (JSON.parse(readFileSync(file, 'utf8')) as { cursor?: unknown }).cursor;
      } catch {
        return undefined;
      }
    })
    .filter((c): c is string => typeof c === 'string');
  return cursors.sort().at(-1);
}

/** The account's one mention cursor (shared/session), kept in its folder under `offlineRoot`: the newest if several accounts have one. */
export function accountCursorIn(offlineRoot: string): string | undefined {
  if (!existsSync(offlineRoot)) return undefined;
  const files = readdirSync(offlineRoot)
    .map((name) => join(offlineRoot, name, 'mention-cursor.json'))
    .filter((file) => existsSync(file));
  return files.map((file) => newestCursorIn(file)).filter((c): c is string => c !== undefined).sort().at(-1);
}

export function ensureFolder(path: string): string {
  mkdirSync(path, { recursive: true });
  return path;
}
