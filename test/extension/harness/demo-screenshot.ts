// Drives a plain development host like a person would (command palette, quick inputs, clicks)
// to a screenshot of the extension on the demo workspace. The UI is driven from outside because
// during an extension-test run the code-server workbench never binds tree data providers
// (every tree shows "There is no data provider registered"), so a tests entry cannot stage it.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** What the screenshot shows: #general (the README's), a run's timeline, a doc conflict prompt, a task hover in code, or the attention inbox. */
export type DemoScene = 'channel' | 'timeline' | 'conflict' | 'hover' | 'inbox';
export const DEMO_SCENES: readonly DemoScene[] = ['channel', 'timeline', 'conflict', 'hover', 'inbox'];

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
  } else if (scene === 'inbox') {
    if (!service) throw new Error('the inbox scene needs the service and another person\'s token');
    await stageInbox(page, token, service, step).catch(async (error: unknown) => {
      // What the page showed when a step failed, out of the repository.
      const failed = join(tmpdir(), 'wsc-inbox-scene-failed.png');
      await page.screenshot({ path: failed }).catch(() => undefined);
      log(`screenshot: the page at the failure: ${failed}`);
      throw error;
    });
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

async function asPerson<T>(service: DemoService, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Bob changes Alice's tasks, mentions her and writes to her; a run is watched; the Inbox view shows them. */
async function stageInbox(page: Page, token: string, service: DemoService, step: (what: string) => void): Promise<void> {
  // The inbox's first look at Alice's tasks is the baseline the changes below are measured against.
  step('the inbox\'s first look');
  await page.waitForTimeout(3_000);
  await runCommand(page, 'Workspace: Refresh Inbox');
  await page.waitForTimeout(2_000);

  step('Bob hands Alice two tasks, mentions her and writes to her');
  const me = await asPerson<{ userId?: string }>(service, token, 'GET', '/api/v1/me');
  const channels = await asPerson<{ channels?: { id: string; name: string; kind?: string }[] }>(service, service.otherToken, 'GET', '/api/v1/channels');
  const list = channels.channels ?? [];
  const engineering = list.find((c) => c.name === 'engineering');
  const dm = list.find((c) => c.kind === 'dm');
  // Alice's own task (T-7) is in a room Bob is not in: he hands her two of #engineering's.
  if (me.userId) {
    await asPerson(service, service.otherToken, 'PATCH', '/api/v1/tasks/T-3', { assignee_user_id: me.userId, priority: 1 });
    await asPerson(service, service.otherToken, 'PATCH', '/api/v1/tasks/T-2', { assignee_user_id: me.userId });
  }
  if (engineering) await asPerson(service, service.otherToken, 'POST', `/api/v1/channels/${engineering.id}/messages`, { body: '@alice the flaky `sync-store` run is green again: can you confirm T-2 before the release?' });
  if (dm) await asPerson(service, service.otherToken, 'POST', `/api/v1/channels/${dm.id}/messages`, { body: 'Reviewed the CLI PR: two small comments, otherwise good to go 🚀' });
  await runCommand(page, 'Workspace: Refresh Inbox');
  // Room for the inbox: the other views fold.
  for (const name of ['Channels', 'Tasks', 'Mentions', 'Docs']) {
    const header = page.locator('.pane-header', { hasText: name }).first();
    if ((await header.getAttribute('aria-expanded').catch(() => null)) === 'true') await header.click().catch(() => undefined);
  }
  await page.locator('.monaco-list-row[role="treeitem"]', { hasText: 'T-3' }).first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });

  // Last, as it takes the keyboard (a webview): the palette cannot be opened after it.
  step('opening the demo run\'s timeline (the inbox watches its run)');
  await runCommand(page, 'Workspace: Open Run Timeline');
  const runInput = page.locator('.quick-input-widget input');
  await runInput.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  await runInput.fill(DEMO_RUN_ID);
  await page.keyboard.press('Enter');
  await page.locator('.webview').first().waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });

  step('showing the Inbox view');
  await page.locator('.monaco-list-row[role="treeitem"]', { hasText: 'Run succeeded' }).first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  // A wider side bar shows each row's who · where · when; the pointer leaves (no tooltip on a row).
  const sidebar = await page.locator('.part.sidebar').first().boundingBox();
  if (sidebar) {
    const edge = sidebar.x + sidebar.width + 1;
    await page.mouse.move(edge, sidebar.y + sidebar.height / 2);
    await page.mouse.down();
    await page.mouse.move(edge + 380, sidebar.y + sidebar.height / 2, { steps: 8 });
    await page.mouse.up();
  }
  await page.mouse.move(1100, 700);
  await page.waitForTimeout(2_000);
}
