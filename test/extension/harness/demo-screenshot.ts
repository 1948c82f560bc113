// Drives a plain development host like a person would (command palette, quick inputs, clicks)
// to a screenshot of the extension on the demo workspace. The UI is driven from outside because
// during an extension-test run the code-server workbench never binds tree data providers
// (every tree shows "There is no data provider registered"), so a tests entry cannot stage it.
import type { Page } from 'playwright-core';

const STEP_TIMEOUT_MS = 30_000;

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.keyboard.press('Enter');
}

export async function stageDemoScreenshot(page: Page, token: string, path: string, log: (line: string) => void): Promise<void> {
  const step = (what: string) => log(`screenshot: ${what}`);
  step('waiting for the workbench and the extension');
  const container = page.locator('.activitybar .action-item a[aria-label^="Workspace"]').first();
  await container.waitFor({ state: 'visible', timeout: 60_000 });

  step('signing in with the demo token');
  await runCommand(page, 'Workspace: Sign In');
  const tokenInput = page.locator('.quick-input-widget input[type="password"]');
  await tokenInput.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  await tokenInput.fill(token);
  await page.keyboard.press('Enter');

  step('opening the Workspace views');
  await container.click();
  const general = page.locator('.monaco-list-row[role="treeitem"]', { hasText: 'general' }).first();
  await general.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  await general.click();
  step('opening #general');
  await page.locator('.webview').first().waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
  // Let the webview render its messages and the trees their badges.
  await page.waitForTimeout(4_000);
  await page.keyboard.press('Escape');
  await page.screenshot({ path });
}
