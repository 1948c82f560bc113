// A one-shot `wsc` command loads no schema code: the chunks each subcommand imports at start (read
// from esbuild's metafile by scripts/oneshot-chunks.mjs) hold neither TypeBox nor a contract module
// that builds schemas, only the contract's plain values, limits and paths. `wsc doctor` is the
// exception: it derives the fields it compares from the schemas when it runs.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

describe('one-shot command chunks', () => {
  it('load no TypeBox and no schema module', () => {
    const built = spawnSync(process.execPath, ['esbuild.mjs', '--quiet', '--metafile'], { cwd: ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const commands = ['channels', 'post', 'read', 'mentions', 'task', 'doc', 'search', 'people', 'status', 'action', 'events', 'login', 'logout', 'profile', 'share', 'hooks', 'mcp'];
    for (const command of commands) {
      const listed = spawnSync(process.execPath, ['scripts/oneshot-chunks.mjs', command], { cwd: ROOT, encoding: 'utf8' });
      expect(listed.stdout, command).toMatch(/; 0 schema source\(s\)\n$/);
      expect(listed.status, `${command}: ${listed.stdout}`).toBe(0);
    }
  }, 120_000);
});
