// `wsc config` shows the terminal UI's settings as they take effect, each with where it came from
// (default, a line of tui.toml, the environment); `wsc config check` names each wrong line with what
// to do (exit 2) or says there is none. The built `wsc` as a subprocess on a temporary config.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliEnv, makeHome, runWsc } from './run-wsc';

/** A home whose tui.toml holds `text` (none when null). */
function homeWith(text: string | null): string {
  const home = makeHome();
  if (text !== null) {
    mkdirSync(join(home, 'config', 'wsc'), { recursive: true });
    writeFileSync(join(home, 'config', 'wsc', 'tui.toml'), text);
  }
  return home;
}

describe('wsc config', () => {
  it('without a file: every setting at its default, said so', async () => {
    const home = homeWith(null);
    const r = await runWsc(['config'], { env: cliEnv(home) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${join(home, 'config', 'wsc', 'tui.toml')} (no file: the defaults)`);
    expect(r.stdout).toMatch(/theme +dark +\(default\)/);
    expect(r.stdout).toMatch(/accessible +false +\(default\)/);
  });

  it('each value with its source: a line of tui.toml or the environment; the remapped [keys] too', async () => {
    const home = homeWith('# mine\ntheme = "high-contrast"\nmouse = false\n[keys]\nquit = "x"\n');
    const r = await runWsc(['config'], { env: cliEnv(home, { extra: { WSC_ACCESSIBLE: '1' } }) });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/theme +high-contrast +\(tui\.toml line 2\)/);
    expect(r.stdout).toMatch(/mouse +false +\(tui\.toml line 3\)/);
    expect(r.stdout).toMatch(/accessible +true +\(environment: WSC_ACCESSIBLE\)/);
    expect(r.stdout).toMatch(/\[keys\] +1 remapped:\n +quit +x +\(tui\.toml line 5; default q\)/);
    const json = JSON.parse((await runWsc(['config', '--json'], { env: cliEnv(home) })).stdout) as { settings: Record<string, { value: unknown; source: unknown }> };
    expect(json.settings.theme).toEqual({ value: 'high-contrast', source: { kind: 'file', path: join(home, 'config', 'wsc', 'tui.toml'), line: 2 } });
  });

  it('check: each wrong line with its line and what happens, exit 2; a good file: no problems, exit 0', async () => {
    const bad = homeWith('theme = "solarized"\nmouse = maybe\nspeed = "fast"\n');
    const r = await runWsc(['config', 'check'], { env: cliEnv(bad) });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('line 1: theme "solarized" is not one of dark, light, high-contrast, ansi16; dark is used.');
    expect(r.stdout).toContain('line 2: mouse "maybe" is not true or false; true is used.');
    expect(r.stdout).toContain('line 3: "speed" is not a setting (startView, notifications, hyperlinks, mouse, theme, accessible); it is ignored.');
    const good = homeWith('theme = "light"\n[keys]\nrecent = "e"\ntasks.status = ["S", "ctrl+s"]\n');
    const ok = await runWsc(['config', 'check'], { env: cliEnv(good) });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('no problems.');
  });

  it('check names the [keys] lines that are wrong (an unknown action, a key name, a conflict, a fixed key), exit 2; show lists the remaps that hold', async () => {
    const home = homeWith('[keys]\nrecnet = "e"\ninbox = "ctrl+alt+i"\nrecent = "m"\nquit = "ctrl+c"\ntasks.reload = ["R", "F"]\n');
    const r = await runWsc(['config', 'check'], { env: cliEnv(home) });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('line 2: "recnet" is not an action that can be remapped; remove the line or use one of: focus-next,');
    expect(r.stdout).toContain('line 3: "ctrl+alt+i" (for inbox) is not a key name: write a character, Enter');
    expect(r.stdout).toContain('line 4: m would ask for both recent and mentions (the whole screen): the line is ignored. Bind recent to another key, or remap mentions too.');
    expect(r.stdout).toContain('line 5: Ctrl+C cannot be bound to quit: Ctrl+C always quits, also while typing (the safety exit). Choose another key.');
    const shown = await runWsc(['config'], { env: cliEnv(home) });
    expect(shown.stdout).toMatch(/\[keys\] +1 remapped:\n +tasks\.reload +R F +\(tui\.toml line 6; default r\)/);
    expect(shown.stderr).toContain('4 problems in the file: wsc config check names them.');
    const json = JSON.parse((await runWsc(['config', '--json'], { env: cliEnv(home) })).stdout) as { keys: unknown[] };
    expect(json.keys).toEqual([{ action: 'tasks.reload', keys: ['R', 'F'], default: ['r'], source: { kind: 'file', path: join(home, 'config', 'wsc', 'tui.toml'), line: 6 } }]);
  });

  it("a view's actions by their prefix: show lists them; check names a key the view answers besides its own (Docs: a list's j)", async () => {
    const home = homeWith('[keys]\nconversation.copy-link = "Y"\ninbox.done = "x"\ndocs.search = "j"\ncompose.send = "x"\n');
    const r = await runWsc(['config', 'check'], { env: cliEnv(home) });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('line 4: j would ask for both docs.search and list.down (every list (Mentions, Search, Recent, a Docs folder); Docs and it answer keys together): the line is ignored.');
    expect(r.stdout).toContain(`line 5: "compose.send" cannot be remapped: the compose box's keys edit typed text. Remove the line.`);
    const shown = await runWsc(['config'], { env: cliEnv(home) });
    expect(shown.stdout).toMatch(/\[keys\] +2 remapped:\n +conversation\.copy-link +Y +\(tui\.toml line 2; default y\)\n +inbox\.done +x +\(tui\.toml line 3; default d\)/);
  });
});
