// With the service stopped, the task list, a task and a doc opened before come from the offline
// cache, marked as the saved copy; a task never opened shows its row and says the description was
// not kept. Nothing waits on "loading…".
import { afterEach, describe, expect, it } from 'vitest';
import type { TestEmulator } from '../../support/emulator';
import type { PtyApp } from '../support/pty-app';
import { closeTui, startFromCache } from '../support/tui-session';

describe('tasks and docs offline', () => {
  let emu: TestEmulator | undefined;
  let app: PtyApp | undefined;

  afterEach(async () => {
    await closeTui({ app, emu });
    app = undefined;
    emu = undefined;
  });

  it('open from the saved copy, marked with its age', async () => {
    let taskTitle = '';
    const start = await startFromCache({
      read: async (first) => {
        // Enter once the rows are listed (the title is drawn before they load).
        await first.press('t', /Tasks \(\d+\)[^]*T-\d+ /);
        await first.press('\r');
        const opened = await first.untilFrame((f) => f.some((l) => /T-\d+ .* · Esc back/.test(l)), { what: 'the task pane' });
        taskTitle = opened.find((l) => l.includes('· Esc back'))?.match(/(T-\d+ [^·]+?) ·/)?.[1]?.trim() ?? '';
        await first.waitFor('status ');
        await first.press('\x1b', 'Tasks (');
        await first.press('d', 'Handbook/');
        await first.press('\r', 'Docs /Handbook');
        await first.press('\r', 'e edit');
      },
    });
    app = start.app;
    expect(taskTitle).toMatch(/^T-\d+ /);
    await app.waitFor('reconnecting…');

    await app.press('t', /Tasks \(\d+\) · saved copy, updated just now/);
    await app.press('\r', `${taskTitle} · saved copy, updated just now · Esc back`);
    await app.waitFor('status ');
    await app.press('\x1b', 'Tasks (');
    await app.press('j');
    await app.press('\r');
    // Another task, never opened: its row from the kept list, without the description.
    const other = await app.untilFrame((f) => f.some((l) => /T-\d+ .* · saved copy, updated just now · Esc back/.test(l) && !l.includes(taskTitle)), { what: 'another task from the kept list' });
    expect(other.join('\n')).toContain('the description was not kept offline');

    await app.press('\x1b', 'Tasks (');
    await app.press('d', /Docs \/ · saved copy, updated just now[^]*Handbook\//);
    await app.press('\r', 'Docs /Handbook');
    await app.press('\r', /saved copy, updated just now · e edit/);
  }, 90_000);
});
