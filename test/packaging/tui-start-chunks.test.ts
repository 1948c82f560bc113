// The terminal UI's start: the files `wsc` evaluates before the first frame (the launcher, the UI's
// chunk and every chunk they import statically, from esbuild's metafile) hold neither the realtime
// client nor its WebSocket (the doorbell loads them when it first connects) nor SQLite (the offline
// store opens after the first frame).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

interface Output {
  imports: { path: string; kind: string; external?: boolean }[];
  inputs: Record<string, { bytesInOutput: number }>;
}

function staticallyLoaded(outputs: Record<string, Output>, from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of outputs[file]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(from);
  return seen;
}

describe('the terminal UI before its first frame', () => {
  it('loads neither the realtime client, ws nor SQLite', () => {
    const metaFile = join(ROOT, 'dist', 'wsc.meta.json');
    expect(existsSync(metaFile), 'dist/wsc.meta.json: build first with `node esbuild.mjs`').toBe(true);
    const { outputs } = JSON.parse(readFileSync(metaFile, 'utf8')) as { outputs: Record<string, Output> };
    const ui = Object.keys(outputs).find((out) => out.endsWith('.mjs') && 'tui/run.ts' in outputs[out].inputs);
    expect(ui, 'the chunk holding tui/run.ts').toBeDefined();
    const files = [...staticallyLoaded(outputs, 'dist/wsc.mjs'), ...staticallyLoaded(outputs, ui as string)];
    const sources = files.flatMap((f) => Object.entries(outputs[f]?.inputs ?? {}).filter(([, v]) => v.bytesInOutput > 0).map(([i]) => i));
    expect(sources).toContain('tui/App.tsx');
    expect(sources.filter((i) => /node_modules\/(@supabase|ws)\//.test(i))).toEqual([]);
    expect(files.flatMap((f) => outputs[f]?.imports.filter((i) => i.external && i.path === 'node-sqlite3-wasm') ?? [])).toEqual([]);
  });
});
