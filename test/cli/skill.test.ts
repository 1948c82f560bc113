// `wsc skill install|uninstall|show` (the built dist/wsc.js) in a temporary HOME: the skill lands
// where Claude Code, Codex and Gemini CLI look for user skills, with the marker that lets wsc
// replace or remove it later; a SKILL.md wsc did not write is never touched. The CLI package
// ships the same SKILL.md (scripts/pack-cli.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SKILL_MARKER } from '../../cli/skill-places';
import { cliEnv, makeHome, runWsc } from './run-wsc';

const SKILL = readFileSync(join(__dirname, '..', '..', 'cli', 'skill', 'SKILL.md'), 'utf8');
const at = (home: string, agent: 'claude' | 'codex' | 'gemini') =>
  join(home, { claude: '.claude/skills', codex: '.agents/skills', gemini: '.gemini/skills' }[agent], 'wsc-workspace', 'SKILL.md');

describe('wsc skill', () => {
  it('install --for claude writes the skill under ~/.claude/skills with its front matter first and the marker', async () => {
    const home = makeHome();
    const r = await runWsc(['skill', 'install', '--for', 'claude'], { env: cliEnv(home) });
    expect(r.code, r.stderr).toBe(0);
    const written = readFileSync(at(home, 'claude'), 'utf8');
    expect(written.startsWith('---\nname: wsc-workspace\ndescription: ')).toBe(true);
    expect(written).toContain(SKILL_MARKER);
    expect(written.replace(`${SKILL_MARKER}\n`, '')).toBe(SKILL);
    expect(r.stdout).toContain(`claude: installed ${at(home, 'claude')}`);
    expect(existsSync(at(home, 'codex'))).toBe(false);
    const again = await runWsc(['skill', 'install', '--for', 'claude', '--json'], { env: cliEnv(home) });
    expect(JSON.parse(again.stdout).results).toEqual([{ agent: 'claude', file: at(home, 'claude'), result: 'unchanged' }]);
  });

  it('without --for installs for every agent set up in this home, and says what to do when there is none', async () => {
    const home = makeHome();
    const none = await runWsc(['skill', 'install'], { env: cliEnv(home) });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no coding agent is set up/);
    expect(none.stderr).toMatch(/hint: Name the agent: wsc skill install --for claude\|codex\|gemini/);
    mkdirSync(join(home, '.codex'));
    mkdirSync(join(home, '.gemini'));
    const r = await runWsc(['skill', 'install', '--json'], { env: cliEnv(home) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).results.map((x: { agent: string; result: string }) => `${x.agent}:${x.result}`)).toEqual(['codex:installed', 'gemini:installed']);
    for (const agent of ['codex', 'gemini'] as const) expect(readFileSync(at(home, agent), 'utf8')).toContain(SKILL_MARKER);
    expect(existsSync(at(home, 'claude'))).toBe(false);
  });

  it('never replaces or removes a SKILL.md it did not write; replaces its own', async () => {
    const home = makeHome();
    const mine = at(home, 'claude');
    mkdirSync(join(mine, '..'), { recursive: true });
    writeFileSync(mine, '---\nname: wsc-workspace\ndescription: my own\n---\nhands off\n');
    const r = await runWsc(['skill', 'install', '--for', 'claude', '--for', 'gemini'], { env: cliEnv(home) });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(`${mine} exists and wsc did not write it; it was left as it is.`);
    expect(r.stderr).toMatch(/hint: Move or rename that skill folder yourself/);
    expect(readFileSync(mine, 'utf8')).toContain('hands off');
    expect(readFileSync(at(home, 'gemini'), 'utf8')).toContain(SKILL_MARKER);
    const u = await runWsc(['skill', 'uninstall', '--for', 'claude'], { env: cliEnv(home) });
    expect(u.code).toBe(5);
    expect(readFileSync(mine, 'utf8')).toContain('hands off');
    writeFileSync(at(home, 'gemini'), `${readFileSync(at(home, 'gemini'), 'utf8')}\nan older text\n`);
    const update = await runWsc(['skill', 'install', '--for', 'gemini', '--json'], { env: cliEnv(home) });
    expect(JSON.parse(update.stdout).results[0].result).toBe('updated');
    expect(readFileSync(at(home, 'gemini'), 'utf8')).not.toContain('an older text');
    const removed = await runWsc(['skill', 'uninstall', '--for', 'gemini'], { env: cliEnv(home) });
    expect(removed.code).toBe(0);
    expect(existsSync(join(at(home, 'gemini'), '..'))).toBe(false);
  });

  it('refuses an agent it does not know, naming the ones it does', async () => {
    const r = await runWsc(['skill', 'install', '--for', 'cursor'], { env: cliEnv(makeHome()) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/'cursor' is not an agent wsc knows/);
    expect(r.stderr).toMatch(/--for claude\|codex\|gemini/);
  });

  it('show prints the skill; the CLI package ships the same SKILL.md', async () => {
    const shown = await runWsc(['skill', 'show'], { env: cliEnv(makeHome()) });
    expect(shown.stdout).toBe(SKILL);
    const tarball = resolve(execFileSync('node', ['scripts/pack-cli.mjs'], { encoding: 'utf8' }).trim().split('\n').pop()!);
    const packed = execFileSync('tar', ['xzf', tarball, '-O', 'package/skill/SKILL.md'], { encoding: 'utf8' });
    expect(packed).toBe(SKILL);
  });
});
