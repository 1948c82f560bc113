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

/** What the screenshot shows: #general (the README's), a run's timeline, a doc conflict prompt, or a task hover in code. */
export type DemoScene = 'channel' | 'timeline' | 'conflict' | 'hover';

export interface DemoService {
  url: string;
  /** Another demo person's token: their save makes the doc conflict. */
  otherToken: string;
}

/** The demo's finished run with a child run (emulator/demo/fixture.ts, DEMO_IDS.run). */
const DEMO_RUN_ID = '00000000-0000-4000-8000-000000000501';
const DEMO_DOC = { id: 'doc-release', title: 'Release checklist', folder: 'Engineering' };

export async function stageDemoScreenshot(page: Page, token: string, path: string, log: (line: string) => void, scene: DemoScene = 'channel', service?: DemoService): Promise<void> {
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
  if (scene === 'channel') {
    await general.click();
    step('opening #general');
    await page.locator('.webview').first().waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
  } else if (scene === 'timeline') {
    step('opening the demo run\'s timeline');
    await runCommand(page, 'Workspace: Open Run Timeline');
    const runInput = page.locator('.quick-input-widget input');
    await runInput.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await runInput.fill(DEMO_RUN_ID);
    await page.keyboard.press('Enter');
    await page.locator('.webview').first().waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
  } else if (scene === 'hover') {
    step('typing a TODO comment that names T-2 into a TypeScript file');
    // Clicked by its exact title: "Compare New Untitled Text Files" may rank first.
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').fill('>File: New Untitled Text File');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: /^File: New Untitled Text File/ }).first().click({ timeout: STEP_TIMEOUT_MS });
    const editor = page.locator('.monaco-editor .view-lines').first();
    await editor.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await runCommand(page, 'Change Language Mode');
    const languageInput = page.locator('.quick-input-widget input');
    await languageInput.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await languageInput.fill('TypeScript');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'TypeScript' }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.keyboard.press('Enter');
    await editor.click();
    await page.keyboard.type('// Retries wait on the injected clock, not on real time.\n// TODO(T-2): drop the sleep once the clock lands\nexport const RETRY_DELAY_MS = 250;\n');
    step('showing the hover on T-2');
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 9; i += 1) await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(1_500);
    await runCommand(page, 'Show or Focus Hover');
    await page.locator('.monaco-hover', { hasText: 'Injected clock' }).first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await page.waitForTimeout(1_000);
    await page.screenshot({ path });
    return;
  } else {
    if (!service) throw new Error('the conflict scene needs the service and another person\'s token');
    step(`opening ${DEMO_DOC.title} from the Docs view`);
    // Exact text: the channel #engineering also contains the folder's name.
    const folder = page.locator('.monaco-list-row[role="treeitem"]', { has: page.getByText(DEMO_DOC.folder, { exact: true }) }).first();
    await folder.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
    const doc = page.locator('.monaco-list-row[role="treeitem"]', { hasText: DEMO_DOC.title }).first();
    await doc.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await doc.click();
    const editor = page.locator('.monaco-editor .view-lines').first();
    await editor.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await editor.click();
    step('typing a line, while someone else saves the doc');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('- [ ] Tag the release (Alice)\n');
    const other = await fetch(`${service.url}/api/v1/docs/${DEMO_DOC.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${service.otherToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: '# Release checklist\n\n- [x] Bump version to 0.9.2\n- [x] Changelog\n- [x] Staging smoke test (Bob)\n- [ ] Store screenshots\n- [ ] Announce in #general\n' }),
    });
    if (!other.ok) throw new Error(`the other person's save failed: ${other.status} ${await other.text()}`);
    step('saving: the conflict prompt and its diff');
    await page.keyboard.press('Control+S');
    await page.locator('.monaco-diff-editor').first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    // The prompt as the notification list shows it (a toast may already have gone to the list).
    await page.waitForTimeout(2_000);
    await runCommand(page, 'Notifications: Show Notifications');
    await page.locator('.notification-list-item', { hasText: 'Someone else saved' }).first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  }
  // Let the webview render and the trees their badges.
  await page.waitForTimeout(4_000);
  if (scene !== 'conflict') await page.keyboard.press('Escape');
  await page.screenshot({ path });
}
