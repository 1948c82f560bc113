// The suite's side of the runner's webview driver (test/extension/harness/webview-driver.ts); the
// message shape is in ../webview-driver-protocol.ts.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { DRIVER_MARKER, WORKBENCH_FRAME, type AxeViolation, type DriverAnswer, type DriverRequest, type DriverStep } from '../webview-driver-protocol';

export type { AxeViolation, DriverStep } from '../webview-driver-protocol';

export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let sequence = 0;

/** Runs the steps in the webview whose document title is `title`; one result per step. */
export async function inWebview(title: string, steps: DriverStep[], timeoutMs = 30_000): Promise<unknown[]> {
  const dir = mkdtempSync(join(tmpdir(), 'wsc-driver-'));
  const answerFile = join(dir, `answer-${++sequence}.json`);
  try {
    const request: DriverRequest = { title, steps, answerFile };
    console.log(`${DRIVER_MARKER}${JSON.stringify(request)}`);
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(answerFile)) {
      if (Date.now() > deadline) throw new Error(`The runner did not answer the webview request within ${timeoutMs} ms: is the suite running under run-code-server (test/extension/README.md)?`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const answer = JSON.parse(readFileSync(answerFile, 'utf8')) as DriverAnswer;
    if (answer.error) throw new Error(`In the webview "${title}": ${answer.error}`);
    return answer.results ?? [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function axeViolations(title: string): Promise<AxeViolation[]> {
  const [violations] = await inWebview(title, [{ op: 'axe', tags: WCAG_21_AA }]);
  return violations as AxeViolation[];
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target}: ${n.summary.replace(/\n/g, ' ')}`).join('\n')}`).join('\n');
}

/** A description of document.activeElement in the webview: tag#id.class[aria-label]. */
export const ACTIVE_ELEMENT =
  "(() => { const e = document.activeElement; if (!e) return 'none'; return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.getAttribute('aria-label') ? '[' + e.getAttribute('aria-label') + ']' : '') + (e.dataset.focusKey ? '{' + e.dataset.focusKey + '}' : ''); })()";

export const THEMES = ['Default Light Modern', 'Default Dark Modern', 'Default High Contrast'] as const;

const THEME_CLASS: Record<(typeof THEMES)[number], string> = {
  'Default Light Modern': 'vscode-light',
  'Default Dark Modern': 'vscode-dark',
  'Default High Contrast': 'vscode-high-contrast',
};

/** Switches the workbench theme and waits until the webview titled `title` shows it. */
export async function useTheme(theme: (typeof THEMES)[number], title: string): Promise<void> {
  await vscode.workspace.getConfiguration('workbench').update('colorTheme', theme, vscode.ConfigurationTarget.Global);
  const expression = `document.body.classList.contains(${JSON.stringify(THEME_CLASS[theme])})`;
  const deadline = Date.now() + 20_000;
  while (!(await inWebview(title, [{ op: 'eval', expression }]))[0]) {
    if (Date.now() > deadline) throw new Error(`The webview "${title}" did not switch to ${theme}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until `expression` evaluates to `expected` in the webview (it renders on the next frame). */
export async function until(title: string, expression: string, expected: unknown, what = expression): Promise<void> {
  let last: unknown;
  await waitForValue(async () => {
    [last] = await inWebview(title, [{ op: 'eval', expression }]);
    return last === expected;
  }).catch(() => {
    throw new Error(`In "${title}", ${what}: expected ${JSON.stringify(expected)}, still ${JSON.stringify(last)}.`);
  });
}

async function waitForValue(probe: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Puts the workbench back on its default theme (for the suites that run after). */
export async function resetTheme(): Promise<void> {
  await vscode.workspace.getConfiguration('workbench').update('colorTheme', undefined, vscode.ConfigurationTarget.Global);
}

/**
 * The texts of every notification the workbench holds, as the person reads them in the
 * notification centre (opened to read it, then closed): one per list row.
 */
export async function workbenchNotifications(): Promise<string[]> {
  await vscode.commands.executeCommand('notifications.showList');
  try {
    const [rows] = await inWebview(WORKBENCH_FRAME, [
      {
        op: 'eval',
        expression:
          "[...document.querySelectorAll('.notifications-center .monaco-list-row')].filter((row) => row.isConnected && getComputedStyle(row).display !== 'none').map((row) => [row.getAttribute('data-index') || '', row.querySelector('.notification-list-item-message')?.textContent || ''])",
      },
    ]);
    const byRow = new Map<string, string>();
    for (const [index, text] of rows as [string, string][]) byRow.set(index, text);
    return [...byRow.values()];
  } finally {
    await vscode.commands.executeCommand('notifications.hideList');
  }
}

/** Clicks the first element of the workbench (outside any webview) that matches `selector`. */
export async function clickInWorkbench(selector: string): Promise<void> {
  await inWebview(WORKBENCH_FRAME, [{ op: 'click', selector }]);
}
