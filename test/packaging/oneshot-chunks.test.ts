// A one-shot `wsc` command loads no schema code: the chunks `wsc channels` and `wsc post` import at
// start (read from esbuild's metafile by scripts/oneshot-chunks.mjs) hold neither TypeBox nor a
// contract module that builds schemas, only the contract's plain values, limits and paths.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

describe('one-shot command chunks', () => {
  it('load no TypeBox and no schema module', () => {
    const built = spawnSync(process.execPath, ['esbuild.mjs', '--quiet', '--metafile'], { cwd: ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    for (const command of ['channels', 'post']) {
      const listed = spawnSync(process.execPath, ['scripts/oneshot-chunks.mjs', command], { cwd: ROOT, encoding: 'utf8' });
      expect(listed.stdout).toMatch(/; 0 schema source\(s\)\n$/);
      expect(listed.status, listed.stdout).toBe(0);
    }
  }, 120_000);
});
