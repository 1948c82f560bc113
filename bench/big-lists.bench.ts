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
import { docChildren } from '../extension/docs/doc-tree-items';
import { groupTasks, taskRowModel } from '../extension/tasks/task-items';
import { Client, loadWholeDocs, loadWholeTasks, ServiceDocuments } from '../shared/index';
import { BIG_TOKENS, bigWorkspace } from '../test/fixtures/big-workspace';
import { startAnswerProxy } from '../test/support/answer-proxy';
import type { WscPty } from '../test/support/pty/wsc';
import { measureLoad } from './support/load';
import { startService } from './support/service';
import { median, nowMs, round } from './support/stats';
import { ensureWscBuilt, startWsc, stopWsc } from './support/wsc-pty';
import type { BenchResult } from './types';

const OPENINGS = 7;
const FIRST_FRAME_GOAL_MS = 300;
const RSS_GOAL_MB = 150;
const MB = 1_000_000 / (1024 * 1024);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes `keys`; the ms until the output since then shows `text` (fails after 30 s). */
async function keyToText(app: WscPty, keys: string, text: string): Promise<number> {
  const ms = await app.keyToText(keys, text, 30_000);
  if (ms === null) throw app.failure(`"${text}" after ${JSON.stringify(keys)}`, 30_000);
  return ms;
}

const listRequests = (requests: readonly string[], from: number) => requests.slice(from).filter((r) => /\/api\/v1\/(tasks|docs)(\?|$)/.test(r.split(' ')[1] ?? r)).length;

async function terminalFigures(url: string, requests: string[]): Promise<BenchResult[]> {
  const app = startWsc(url, BIG_TOKENS.owner, { size: { cols: 120, rows: 40 } });
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
        await keyToText(app, 'm', 'Mentions');
        await sleep(150);
        const before = requests.length;
        times.push(await keyToText(app, view.key, view.shows));
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
    await stopWsc(app);
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
  ensureWscBuilt();
  const service = await startService(bigWorkspace());
  const proxy = await startAnswerProxy(service.url);
  try {
    return [...(await treeFigures(proxy.url, proxy.requests)), ...(await terminalFigures(proxy.url, proxy.requests))];
  } finally {
    await proxy.close();
    await service.stop();
  }
}
