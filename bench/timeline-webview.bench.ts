// The run timeline drawn in a real webview: dist/media/timeline.js with its stylesheets in headless
// Chromium (Debian's, through playwright-core), 1400×900, fed 100,000 events the way the host feeds
// it (messages of TIMELINE_BATCH_SIZE rows computed by the host's toTimelineRow).
//
// What each clock spans:
// - all shown: from the host (a Worker holding the rows, posting TIMELINE_BATCH_SIZE-row messages
//   as the host does) starting to send to the end of the first frame whose DOM shows all 100,000
//   (the webview's own `rendered` report) with style and layout done. Floor: the same messages to
//   a page that only counts them.
// - first draw: from the same start to the first frame that shows events (the batches keep
//   coming; the person sees rows while the rest is ingested).
// - frame: one scroll step (10 rows, 240 px): from the start of the animation frame to the end of
//   style and layout after the timeline's render ran in it (script + style + layout; paint and
//   compositing are not included). 600 steps: five runs of continuous scrolling from different
//   parts of the list, grouped layout.
//   Floor: the same frame with a scroll step on a page without the timeline.
// - follow lag: with auto-scroll on and 100,000 events shown, one new event posted → the frame in
//   which its row is in the DOM, laid out. 100 events.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { TIMELINE_BATCH_SIZE, type TimelineRow } from '../extension/timeline/timeline-protocol';
import { toTimelineRow } from '../extension/timeline/timeline-row';
import { syntheticEvent } from './support/run-events';
import { median, percentile, round } from './support/stats';
import type { BenchResult } from './types';

const EVENTS = 100_000;
const SCROLL_STEPS = 600;
const FOLLOW_EVENTS = 100;
const CHROMIUM = process.env.WSC_TEST_CHROMIUM || '/usr/bin/chromium';

function pageHtml(): string {
  const css = ['media/webview-common.css', 'media/timeline.css'].map((f) => readFileSync(f, 'utf8')).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body><main id="app"></main></body></html>`;
}

/** A stand-in for VS Code's webview API that records what the page posts, with the time. */
const VSCODE_API_STUB = `
  window.__posted = [];
  window.acquireVsCodeApi = () => ({
    postMessage: (m) => window.__posted.push({ at: performance.now(), m }),
    getState: () => undefined,
    setState: () => undefined,
  });`;

async function openTimeline(page: Page): Promise<void> {
  await page.setContent(pageHtml());
  await page.addScriptTag({ content: VSCODE_API_STUB });
  await page.addScriptTag({ content: readFileSync('dist/media/timeline.js', 'utf8') });
  await page.evaluate(() => window.postMessage({ type: 'init', runId: 'r1', title: 'Bench run', resumedAfter: null }, '*'));
}

/**
 * The rows go into a Worker that stands in for the host: it posts the batches, so cloning them
 * happens off the page's thread as it does in the host, and the page receives one message per
 * batch, drawing frames in between, as the webview does.
 */
const HOST_WORKER = `
  let rows = [];
  onmessage = (e) => {
    if (e.data.load) rows.push(...e.data.load);
    else if (e.data.go) for (let i = 0; i < rows.length; i += e.data.go) postMessage({ type: 'events', rows: rows.slice(i, i + e.data.go) });
  };`;

async function loadRows(page: Page, rows: TimelineRow[]): Promise<void> {
  await page.evaluate((code) => {
    const w = window as unknown as { __host: Worker };
    w.__host = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
    // What the host sends arrives as the webview's window message.
    w.__host.onmessage = (e) => window.dispatchEvent(new MessageEvent('message', { data: e.data }));
  }, HOST_WORKER);
  for (let i = 0; i < rows.length; i += 20_000) {
    await page.evaluate((part) => (window as unknown as { __host: Worker }).__host.postMessage({ load: part }), rows.slice(i, i + 20_000));
  }
}

interface DrawTimes {
  /** ms until the first frame that showed events (the page's first `rendered` report with rows). */
  first: number;
  /** ms until all `total` were shown and laid out. */
  all: number;
}

/** Starts the host's batches, then resolves with the times of the first frame with events and of all `total`. */
function postAllAndWaitFor(page: Page, total: number, batchSize: number, counting: boolean): Promise<DrawTimes> {
  return page.evaluate(
    ({ total, batchSize, counting }) =>
      new Promise<DrawTimes>((resolve) => {
        const w = window as unknown as { __host: Worker; __posted: { at: number; m: { type: string; total?: number } }[]; __count?: number };
        const t0 = performance.now();
        if (counting) {
          w.__count = 0;
          window.addEventListener('message', (e: MessageEvent<{ rows: unknown[] }>) => {
            w.__count! += e.data.rows.length;
            if (w.__count === total) requestAnimationFrame(() => (document.body.offsetHeight, resolve({ first: Number.NaN, all: performance.now() - t0 })));
          });
        } else {
          const check = () => {
            if (w.__posted.some((p) => p.m.type === 'rendered' && p.m.total === total)) {
              void document.body.offsetHeight;
              const shown = w.__posted.find((p) => p.at >= t0 && p.m.type === 'rendered' && (p.m.total ?? 0) > 0);
              resolve({ first: (shown?.at ?? Number.NaN) - t0, all: performance.now() - t0 });
            } else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }
        w.__host.postMessage({ go: batchSize });
      }),
    { total, batchSize, counting },
  );
}

/** Per scroll step: frame start → end of style and layout after the frame's callbacks. */
function scrollFrames(page: Page, steps: number, selector: string | null): Promise<number[]> {
  return page.evaluate(
    ({ steps, selector }) =>
      new Promise<number[]>((resolve) => {
        const scroller = (selector ? document.querySelector<HTMLElement>(selector) : null) ?? document.scrollingElement!;
        const span = Math.max(1, scroller.scrollHeight - scroller.clientHeight);
        const times: number[] = [];
        let i = 0;
        const step = () => {
          // Five runs of continuous scrolling (a wheel's steps), each from another part of the list.
          const run = Math.floor(i / (steps / 5));
          scroller.scrollTop = Math.min(span, Math.floor((run / 5) * span) + (i % (steps / 5)) * 240);
          scroller.dispatchEvent(new Event('scroll'));
          // Registered after the scroll queued the timeline's render, so it runs after it, in the same frame.
          requestAnimationFrame((frameStart) => {
            void document.body.offsetHeight;
            times.push(performance.now() - frameStart);
            if (++i < steps) setTimeout(step, 0);
            else resolve(times);
          });
        };
        step();
      }),
    { steps, selector },
  );
}

/** One new event at a time: posted → its row laid out in the DOM (ms), auto-scroll on. */
function followLags(page: Page, rows: TimelineRow[]): Promise<number[]> {
  return page.evaluate(
    (rows) =>
      new Promise<number[]>((resolve) => {
        const lags: number[] = [];
        let i = 0;
        const next = () => {
          const row = rows[i]!;
          const t0 = performance.now();
          window.postMessage({ type: 'events', rows: [row] }, '*');
          const check = () => {
            if (document.querySelector(`[data-seq="${row.seq}"]`)) {
              void document.body.offsetHeight;
              lags.push(performance.now() - t0);
              if (++i < rows.length) setTimeout(next, 20);
              else resolve(lags);
            } else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        };
        next();
      }),
    rows,
  );
}

const progress = (line: string) => console.error(`timeline-webview: ${line}`);

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium) or set WSC_TEST_CHROMIUM.`);
  if (!existsSync(join('dist', 'media', 'timeline.js'))) throw new Error('dist/media/timeline.js is missing: npm run bench builds it first.');
  const rows = Array.from({ length: EVENTS }, (_, i) => toTimelineRow(syntheticEvent(i + 1)));
  const extra = Array.from({ length: FOLLOW_EVENTS }, (_, i) => toTimelineRow(syntheticEvent(EVENTS + i + 1)));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const viewport = { width: 1400, height: 900 };
    // Floor: the same messages to a page that only counts them.
    const bare = await browser.newPage({ viewport });
    await bare.setContent('<!doctype html><html><body style="height:5000000px"></body></html>');
    await bare.addScriptTag({ content: VSCODE_API_STUB });
    await loadRows(bare, rows);
    const floorDraw = await postAllAndWaitFor(bare, EVENTS, TIMELINE_BATCH_SIZE, true);
    const floorFrames = await scrollFrames(bare, SCROLL_STEPS, null);
    progress(`floors: draw ${round(floorDraw.all)} ms, frame p50 ${round(median(floorFrames))} ms`);
    await bare.close();

    const page = await browser.newPage({ viewport });
    await openTimeline(page);
    await loadRows(page, rows);
    const firstDraw = await postAllAndWaitFor(page, EVENTS, TIMELINE_BATCH_SIZE, false);
    progress(`first frame ${round(firstDraw.first)} ms, all ${round(firstDraw.all)} ms`);
    const frames = await scrollFrames(page, SCROLL_STEPS, '.viewport');
    // In order (a live event in the grouped layout joins its lane's group, not the end), back to the
    // end so auto-scroll is on, then follow live events.
    await page.click('button.layout');
    await page.evaluate(() => {
      const v = document.querySelector<HTMLElement>('.viewport')!;
      v.scrollTop = v.scrollHeight;
      v.dispatchEvent(new Event('scroll'));
    });
    progress(`scroll frames p50 ${round(median(frames))} ms`);
    const lags = await followLags(page, extra);
    await page.close();

    const p99 = percentile(frames, 99);
    const lagP95 = percentile(lags, 95);
    const results: BenchResult[] = [
      {
        name: 'timeline webview: 100,000 events posted → first frame showing events (first draw)',
        value: round(firstDraw.first),
        unit: 'ms',
        goal: '< 150 ms',
        met: firstDraw.first < 150,
      },
      {
        name: 'timeline webview: 100,000 events posted → all shown, laid out (ingest + draw)',
        value: round(firstDraw.all),
        unit: 'ms',
        reference: { name: 'the same messages to a page that only counts them', value: round(floorDraw.all), unit: 'ms' },
      },
      {
        name: `timeline webview: scroll frame, script+style+layout (p50 of ${SCROLL_STEPS})`,
        value: round(median(frames), 2),
        unit: 'ms',
        reference: { name: 'the same frame on a page without the timeline (p50)', value: round(median(floorFrames), 2), unit: 'ms' },
      },
      {
        name: `timeline webview: scroll frame, script+style+layout (p99 of ${SCROLL_STEPS})`,
        value: round(p99, 2),
        unit: 'ms',
        reference: { name: 'the same frame on a page without the timeline (p99)', value: round(percentile(floorFrames, 99), 2), unit: 'ms' },
        goal: '< 8 ms',
        met: p99 < 8,
      },
      {
        name: `timeline webview: follow lag, one live event posted → its row laid out (p95 of ${FOLLOW_EVENTS}; max ${round(Math.max(...lags))} ms)`,
        value: round(lagP95),
        unit: 'ms',
        goal: '< 250 ms',
        met: lagP95 < 250,
      },
    ];
    for (const r of results) console.log(`${r.name}: ${r.value} ${r.unit}${r.reference ? ` (${r.reference.name}: ${r.reference.value} ${r.reference.unit})` : ''}${r.goal ? ` goal ${r.goal}: ${r.met ? 'met' : 'NOT met'}` : ''}`);
    return results;
  } finally {
    await browser.close();
  }
}
