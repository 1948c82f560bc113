// Long output on a terminal goes through $WSC_PAGER / $PAGER (less -FRX by default); pipes and
// follow modes never do. Runs the built wsc in a real pseudo-terminal with a stand-in pager.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { ensureBuilt, PtyApp, stripCsi } from '../tui/support/pty-app';
import { cliEnv, makeHome, runWsc } from './run-wsc';

const TOKEN = 'hpt_member_rw';
const PAGER = `'${process.execPath}' '${join(__dirname, 'fake-pager.mjs')}'`;
let emu: TestEmulator;

beforeAll(async () => {
  ensureBuilt();
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.stop();
});

async function inPty(args: string[], env: Record<string, string>): Promise<{ code: number; screen: string }> {
  const app = new PtyApp(args, { WSC_URL: emu.url, WSC_TOKEN: TOKEN, ...env });
  const code = await app.exited;
  return { code, screen: stripCsi(app.output).replace(/\r/g, '') };
}

describe('the pager', () => {
  it('pages read, doc get and task list on a terminal, with LESS=FRX', async () => {
    for (const args of [['read', 'general', '--limit', '3'], ['doc', 'get', 'Deploy guide'], ['task', 'list']]) {
      const { code, screen } = await inPty(args, { WSC_PAGER: PAGER });
      expect(code, args.join(' ')).toBe(0);
      expect(screen, args.join(' ')).toMatch(/^│ \S/m);
      expect(screen, args.join(' ')).toMatch(/\[pager: [1-9]\d* lines, LESS=FRX\]/);
    }
  });

  it('is not used in accessible mode (WSC_ACCESSIBLE=1): the output goes to the terminal in order', async () => {
    const { code, screen } = await inPty(['read', 'general', '--limit', '3'], { WSC_PAGER: PAGER, WSC_ACCESSIBLE: '1' });
    expect(code).toBe(0);
    expect(screen).not.toContain('[pager:');
    expect(screen).not.toMatch(/^│ /m);
  });

  it('quitting the pager early ends the command quietly (exit 0, no EPIPE), as with git log', async () => {
    const { code, screen } = await inPty(['read', 'general', '--all'], { WSC_PAGER: PAGER, PAGER_QUIT_AFTER: '2' });
    expect(code).toBe(0);
    expect(screen).toContain('[pager quit after 2 lines]');
    expect(screen).not.toMatch(/EPIPE|Error|wsc:/);
  });

  it('--follow streams straight to the terminal', async () => {
    const app = new PtyApp(['read', 'general', '--limit', '1', '--follow'], { WSC_URL: emu.url, WSC_TOKEN: TOKEN, WSC_PAGER: PAGER });
    try {
      await runWsc(['post', 'general', 'followed without a pager'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
      await app.waitFor('followed without a pager');
      expect(stripCsi(app.output)).not.toContain('│ ');
    } finally {
      app.proc.kill();
    }
  });

  it('is not used for a pipe, for a short command, or when set to cat or empty', async () => {
    const piped = await runWsc(['read', 'general', '--limit', '2'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN, extra: { WSC_PAGER: PAGER } }) });
    expect(piped.code).toBe(0);
    expect(piped.stdout).not.toContain('│ ');
    for (const pager of ['cat', '']) {
      const { screen } = await inPty(['channels'], { WSC_PAGER: PAGER, PAGER: pager });
      expect(screen).not.toContain('[pager');
      const { screen: read } = await inPty(['read', 'general', '--limit', '2'], { WSC_PAGER: pager, PAGER });
      expect(read).not.toContain('[pager');
      expect(read).toMatch(/\S/);
    }
  });
});
