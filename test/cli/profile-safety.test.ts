// `--profile constructor` (and other names Object.prototype carries) is an unknown profile, said as
// such with a next step, not a TypeError; a profile folder others can open is refused.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliEnv, makeHome, runWsc } from './run-wsc';

describe('profile names and the profile folder', () => {
  it.each(['constructor', 'toString', '__proto__'])('wsc status --profile %s says there is no such profile', async (name) => {
    const r = await runWsc(['status', '--profile', name], { env: cliEnv(makeHome()) });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`There is no profile named "${name}".`);
    expect(r.stderr).toContain('hint: Known profiles: none. Save one with wsc login.');
    expect(r.stderr).not.toMatch(/TypeError|bug in wsc/);
  });

  it('refuses a profile folder other users can read, naming the chmod that fixes it', async () => {
    const home = makeHome();
    const dir = join(home, 'config', 'wsc');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, 'profiles.json'), JSON.stringify({ version: 1, default: 'work', profiles: { work: { url: 'http://127.0.0.1:9', token: 'hpt_x' } } }), { mode: 0o600 });
    chmodSync(dir, 0o755);
    const r = await runWsc(['status'], { env: cliEnv(home) });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('is open to other users (mode 755)');
    expect(r.stderr).toContain(`hint: Make it private: chmod 700 ${dir}`);
    expect(r.stderr).not.toContain('hpt_x');
  });
});
