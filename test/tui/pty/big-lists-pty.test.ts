// The Tasks and Docs views in a real pseudo-terminal against the big workspace (20,000 tasks, 3,000
// docs in 100 folders): the whole list the service gives, said when it may be cut, a last row
// "More… narrow or search" that opens the filter or the search, natural order, any doc by search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIG_TOKENS, bigAssigneeOf, bigCount, bigWorkspace } from '../../fixtures/big-workspace';
import type { TestEmulator } from '../../support/emulator';
import { PtyApp } from '../support/pty-app';
import { closeTui, startTui } from '../support/tui-session';

describe('a workspace of 20,000 tasks and 3,000 docs in the terminal UI', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ({ emu, app } = await startTui({
      fixture: bigWorkspace(),
      size: { cols: 120, rows: 40 },
      env: () => ({ WSC_TOKEN: BIG_TOKENS.owner }),
      ready: ['Person 1 (@person1) in', 'channel-1'],
    }));
  }, 60_000);

  afterAll(() => closeTui({ emu, app }));

  it('Tasks: every status filled to the ceiling, the cut said, More… at the end opens the filter', async () => {
    await app.press('t', 'Tasks (2400, more exist: f narrows)');
    await app.press('G', 'More… narrow or search (f)');
    await app.press('\r', 'Filter tasks');
    await app.type('mine');
    await app.press('\r', `Tasks (${bigCount((n) => bigAssigneeOf(n) === 1)}) · filter: mine`);
    const frame = await app.untilFrame((f) => f.some((line) => line.includes('Tasks (500) · filter: mine')));
    expect(frame.join('\n')).not.toContain('More… narrow or search');
  });

  it('the board marks the columns that may be cut and ends them with More…', async () => {
    await app.press('f', '> mine▏');
    await app.press('\x15', '> ▏');
    await app.press('\r', 'Tasks (2400, more exist');
    await app.press('b', 'Tasks board (2400, more exist');
    const frame = await app.untilFrame((f) => f.some((line) => line.includes('backlog 500+')));
    const text = frame.join('\n');
    expect(text).toContain('canceled 200');
    expect(text).not.toContain('canceled 200+');
    await app.press('G', 'More… (f)');
  });

  it('Docs: folders in natural order, marked when they may miss docs; More… opens the search that finds any doc', async () => {
    await app.press('d', 'Docs / · 500 shown, more exist');
    const frame = await app.untilFrame((f) => f.some((line) => line.includes('▸ Folder 10/')));
    const lines = frame.map((line) => line.trim());
    const row = (title: string) => lines.findIndex((line) => line.includes(`▸ ${title}/ (may be incomplete)`));
    expect(row('Folder 1')).toBeGreaterThan(-1);
    expect(row('Folder 1')).toBeLessThan(row('Folder 2'));
    expect(row('Folder 2')).toBeLessThan(row('Folder 10'));
    await app.press('G', 'More… narrow or search (f)');
    await app.press('\r', 'Search docs');
    await app.type('Doc 97-29');
    await app.press('\r', 'search “Doc 97-29” (1)');
    await app.press('\r', 'Doc 97-29 of Folder 97.');
  });
});
