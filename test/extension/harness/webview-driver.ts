// What a suite test asks the browser to do inside one webview, which the extension host cannot:
// run axe-core, read document.activeElement, press real keys. The request travels as one console
// line of the extension host (the channel the suite's output already uses, codeAutomationLog); the
// answer is written as JSON to the file the request names (the extension host and the runner share
// this machine). The driver evaluates axe's source in the webview's frame from outside, so the
// webviews' CSP (nonce-only scripts) stays as it ships.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import { DRIVER_MARKER, WORKBENCH_FRAME, type AxeViolation, type DriverAnswer, type DriverRequest, type DriverStep } from '../webview-driver-protocol';

let axeSource: string | undefined;
function axeScript(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

async function findFrame(page: Page, title: string): Promise<Frame> {
  if (title === WORKBENCH_FRAME) return page.mainFrame();
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const frame of page.frames()) {
      if (frame === page.mainFrame() || frame.isDetached()) continue;
      const found = await frame.evaluate(() => document.title).catch(() => '');
      if (found === title) return frame;
    }
    if (Date.now() > deadline) throw new Error(`No webview frame titled "${title}" (open the panel first; is it visible?).`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function runStep(page: Page, frame: Frame, step: DriverStep): Promise<unknown> {
  switch (step.op) {
    case 'axe': {
      const loaded = await frame.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object');
      if (!loaded) await frame.evaluate(axeScript());
      return frame.evaluate(async (tags) => {
        const axe = (globalThis as unknown as { axe: { run(ctx: Document, o: unknown): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
        const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
        return result.violations.map((v): AxeViolation => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), summary: n.failureSummary ?? '' })) }));
      }, step.tags);
    }
    case 'eval':
      return frame.evaluate(step.expression);
    case 'focus':
      await frame.locator(step.selector).first().focus();
      return null;
    case 'click':
      await frame.locator(step.selector).first().click();
      return null;
    case 'press':
      if (step.selector) await frame.locator(step.selector).first().press(step.key);
      else await page.keyboard.press(step.key);
      return null;
    case 'type':
      await page.keyboard.type(step.text);
      return null;
  }
}

/** Handles one request line; the answer is { results } or { error }. */
export async function handleDriverRequest(page: Page, line: string): Promise<void> {
  const request = JSON.parse(line.slice(DRIVER_MARKER.length)) as DriverRequest;
  let answer: DriverAnswer;
  try {
    const frame = await findFrame(page, request.title);
    const results: unknown[] = [];
    for (const step of request.steps) results.push(await runStep(page, frame, step));
    answer = { results };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  writeFileSync(`${request.answerFile}.tmp`, JSON.stringify(answer));
  renameSync(`${request.answerFile}.tmp`, request.answerFile);
}
