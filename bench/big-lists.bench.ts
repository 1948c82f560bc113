// Lists in the big workspace of issue 46 (1,000 channels, 40 people, 20,000 tasks, 3,000 docs in 100
// folders), against the local service in its own process, through a counting proxy:
// - terminal UI (the built `wsc` in a pty, 120x40): from the key that opens the Tasks view (t) or the
//   Docs view (d) to the first frame that shows the whole list as loaded ("Tasks (2400, more exist"
//   / "Docs / · 500 shown"), median of several openings; the list requests that filled it; the app's
//   peak resident set (VmHWM) at the end;
// - the VS Code trees' model, outside VS Code: what the Tasks and Docs tree providers compute for
//   their first frame (the whole list through the shared client, groups by status and every row's
//   label/description/tooltip; the docs' root folders), from the request to the rows; the requests
//   made; the heap it holds. VS Code's own drawing of the rows is not in this figure (a tree draws
//   only the rows in sight).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IPty } from 'node-pty';
import { docChildren } from '../extension/docs/doc-tree-items';
import { groupTasks, taskRowModel } from '../extension/tasks/task-items';
import { Client, loadWholeDocs, loadWholeTasks, ServiceDocuments } from '../shared/index';
import { BIG_TOKENS, bigWorkspace } from '../test/fixtures/big-workspace';
import { startAnswerProxy } from '../test/support/answer-proxy';
import { measureLoad } from './support/load';
import { startService } from './support/service';
import { median, nowMs, round } from './support/stats';
import type { BenchResult } from './types';

const ROOT = process.cwd();
const OPENINGS = 7;
const FIRST_FRAME_GOAL_MS = 300;
const RSS_GOAL_MB = 150;
const MB = 1_000_000 / (1024 * 1024);
const loadModule = createRequire(join(ROOT, 'package.json'));
const pty = loadModule('node-pty') as typeof import('node-pty');
const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, '');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class App {
  output = '';
  readonly proc: IPty;
  private readonly home = mkdtempSync(join(tmpdir(), 'wsc-bench-big-'));
  private listeners: (() => void)[] = [];
  private readonly exited: Promise<void>;

  constructor(url: string) {
    this.proc = pty.spawn(process.execPath, [join(ROOT, 'dist', 'wsc.js')], {
      name: 'xterm-256color',
      cols: 120,
      rows: 40,
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: this.home, XDG_STATE_HOME: this.home, XDG_CONFIG_HOME: this.home, TERM: 'xterm-256color', WSC_URL: url, WSC_TOKEN: BIG_TOKENS.owner },
    });
    this.proc.onData((d) => {
      this.output += d;
      for (const l of this.listeners.splice(0)) l();
    });
    this.exited = new Promise((resolve) => this.proc.onExit(() => resolve()));
  }

  /** Writes `keys`; resolves with the ms until the output since then shows `text`. */
  keyToText(keys: string, text: string, timeoutMs = 30_000): Promise<number> {
    return new Promise((resolve, reject) => {
      const mark = this.output.length;
      const t0 = nowMs();
      const timer = setTimeout(() => reject(new Error(`wsc did not show "${text}" within ${timeoutMs} ms; screen tail: ${plain(this.output).slice(-800)}`)), timeoutMs);
      const check = (): void => {
        if (plain(this.output.slice(mark)).includes(text)) {
          clearTimeout(timer);
          resolve(nowMs() - t0);
        } else this.listeners.push(check);
      };
      this.listeners.push(check);
      this.proc.write(keys);
    });
  }

  async waitFor(text: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!plain(this.output).includes(text)) {
      if (Date.now() > deadline) throw new Error(`wsc did not show "${text}"; screen tail: ${plain(this.output).slice(-800)}`);
      await sleep(20);
    }
  }

  peakRssMiB(): number {
    const status = readFileSync(`/proc/${this.proc.pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
  }

  async stop(): Promise<void> {
    this.proc.write('q');
    const timer = setTimeout(() => this.proc.kill(), 5_000);
    await this.exited;
    clearTimeout(timer);
    rmSync(this.home, { recursive: true, force: true });
  }
}

const listRequests = (requests: readonly string[], from: number) => requests.slice(from).filter((r) => /\/api\/v1\/(tasks|docs)(\?|$)/.test(r.split(' ')[1] ?? r)).length;

async function terminalFigures(url: string, requests: string[]): Promise<BenchResult[]> {
  const app = new App(url);
  const load = measureLoad();
  try {
    await app.waitFor('Person 1 (@person1) in');
    const views = [
      { name: 'Tasks', key: 't', shows: 'Tasks (2400, more exist' },
      { name: 'Docs', key: 'd', shows: 'Docs / · 500 shown, more exist' },
    ];
    const out: BenchResult[] = [];
    for (const view of views) {
      const times: number[] = [];
      let asked = 0;
      for (let i = 0; i < OPENINGS; i++) {
        await app.keyToText('m', 'Mentions');
        await sleep(150);
        const before = requests.length;
        times.push(await app.keyToText(view.key, view.shows));
        await sleep(150);
        asked = listRequests(requests, before);
      }
      const ms = median(times);
      out.push(
        { name: `tui ${view.name} view: key to the first frame of the whole list, median of ${OPENINGS} (${load.describe()})`, value: round(ms, 1), unit: 'ms', goal: `< ${FIRST_FRAME_GOAL_MS} ms`, met: ms < FIRST_FRAME_GOAL_MS },
        { name: `tui ${view.name} view: list requests to fill it`, value: asked, unit: 'requests' },
      );
    }
    const peak = app.peakRssMiB();
    out.push({ name: 'tui peak resident set after the big Tasks and Docs views', value: round(peak / MB, 1), unit: 'MB', goal: `< ${RSS_GOAL_MB} MB`, met: peak / MB < RSS_GOAL_MB });
    return out;
  } finally {
    await app.stop();
  }
}

async function treeFigures(url: string, requests: string[]): Promise<BenchResult[]> {
  const load = measureLoad();
  const taskTimes: number[] = [];
  const docTimes: number[] = [];
  let taskRequests = 0;
  let docRequests = 0;
  let rows = 0;
  const heapBefore = process.memoryUsage().heapUsed;
  let held: unknown[] = [];
  for (let i = 0; i < OPENINGS; i++) {
    // A fresh client each time (its own document cache): the first frame after a sign-in.
    const client = new Client({ baseUrl: url, token: BIG_TOKENS.owner, clientName: 'bench-trees', serviceDocuments: new ServiceDocuments() });
    try {
      let before = requests.length;
      let t0 = nowMs();
      const whole = await loadWholeTasks(client);
      const groups = groupTasks(whole.tasks, 'status');
      const models = groups.flatMap((g) => g.tasks.map((t) => taskRowModel(t, { grouping: 'status' })));
      taskTimes.push(nowMs() - t0);
      taskRequests = requests.length - before;
      rows = models.length;
      before = requests.length;
      t0 = nowMs();
      const docs = await loadWholeDocs(client);
      const roots = docChildren(docs.docs, null).map((d) => ({ label: d.title, description: docs.truncated && d.is_folder ? 'may be incomplete' : undefined }));
      docTimes.push(nowMs() - t0);
      docRequests = requests.length - before;
      held = [models, roots];
    } finally {
      await client.close();
    }
  }
  const heldMiB = (process.memoryUsage().heapUsed - heapBefore) / (1024 * 1024);
  void held;
  return [
    { name: `VS Code Tasks tree model (by status, ${rows} rows): request to rows, median of ${OPENINGS} (${load.describe()})`, value: round(median(taskTimes), 1), unit: 'ms', goal: `< ${FIRST_FRAME_GOAL_MS} ms`, met: median(taskTimes) < FIRST_FRAME_GOAL_MS },
    { name: 'VS Code Tasks tree: requests to fill it (the OpenAPI document once, then one per status)', value: taskRequests, unit: 'requests' },
    { name: `VS Code Docs tree model (root folders): request to rows, median of ${OPENINGS}`, value: round(median(docTimes), 1), unit: 'ms', goal: `< ${FIRST_FRAME_GOAL_MS} ms`, met: median(docTimes) < FIRST_FRAME_GOAL_MS },
    { name: 'VS Code Docs tree: requests to fill it', value: docRequests, unit: 'requests' },
    { name: 'VS Code trees: heap held by the loaded tasks, rows and docs (approx.)', value: round(heldMiB, 1), unit: 'MiB' },
  ];
}

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(join(ROOT, 'dist', 'wsc.js'))) throw new Error('Build first: node esbuild.mjs');
  const service = await startService(bigWorkspace());
  const proxy = await startAnswerProxy(service.url);
  try {
    return [...(await treeFigures(proxy.url, proxy.requests)), ...(await terminalFigures(proxy.url, proxy.requests))];
  } finally {
    await proxy.close();
    await service.stop();
  }
}
