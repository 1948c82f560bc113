// A one-shot `wsc` command loads no schema code: the chunks each subcommand imports at start (read
// from esbuild's metafile by scripts/oneshot-chunks.mjs) hold neither TypeBox nor a contract module
// that builds schemas, only the contract's plain values, limits and paths. `wsc doctor` is the
// exception: it derives the fields it compares from the schemas when it runs.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

  it('read commands import no SQLite at start (the offline cache is opened lazily, only to read offline)', () => {
    const built = spawnSync(process.execPath, ['esbuild.mjs', '--quiet', '--metafile'], { cwd: ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const outputs = (JSON.parse(readFileSync(join(ROOT, 'dist', 'wsc.meta.json'), 'utf8')) as { outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string; external?: boolean }[] }> }).outputs;
    const chunkOf = (entry: string) => Object.keys(outputs).find((o) => outputs[o]?.entryPoint === entry) as string;
    for (const command of ['channels', 'read', 'task', 'doc', 'mentions', 'people']) {
      const loaded = new Set<string>();
      const staticImports: string[] = [];
      const visit = (out: string) => {
        if (loaded.has(out)) return;
        loaded.add(out);
        for (const i of outputs[out]?.imports ?? []) {
          if (i.kind !== 'import-statement') continue;
          if (i.external) staticImports.push(i.path);
          else visit(i.path);
        }
      };
      visit(chunkOf('cli/main.ts'));
      visit(chunkOf(`cli/${command}.ts`));
      expect(staticImports, command).not.toContain('node-sqlite3-wasm');
    }
  }, 120_000);
});
