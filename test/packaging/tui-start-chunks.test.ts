// The terminal UI's start: the files `wsc` evaluates before the first frame (the launcher, the UI's
// chunk and every chunk they import statically, from esbuild's metafile) hold neither the realtime
// client nor its WebSocket (the doorbell loads them when it first connects) nor SQLite (the offline
// store opens after the first frame); evaluating them loads no fetch implementation (Ink's layout
// engine decodes its inline WebAssembly itself, esbuild.mjs).
import { execFileSync } from 'node:child_process';
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

/** The built chunk holding tui/run.ts (and its metafile's outputs). */
function uiChunk(): { outputs: Record<string, Output>; ui: string } {
  const metaFile = join(ROOT, 'dist', 'wsc.meta.json');
  expect(existsSync(metaFile), 'dist/wsc.meta.json: build first with `node esbuild.mjs`').toBe(true);
  const { outputs } = JSON.parse(readFileSync(metaFile, 'utf8')) as { outputs: Record<string, Output> };
  const ui = Object.keys(outputs).find((out) => out.endsWith('.mjs') && 'tui/run.ts' in (outputs[out]?.inputs ?? {}));
  expect(ui, 'the chunk holding tui/run.ts').toBeDefined();
  return { outputs, ui: ui as string };
}

describe('the terminal UI before its first frame', () => {
  it('loads neither the realtime client, ws nor SQLite', () => {
    const { outputs, ui } = uiChunk();
    const files = [...staticallyLoaded(outputs, 'dist/wsc.mjs'), ...staticallyLoaded(outputs, ui)];
    const sources = files.flatMap((f) => Object.entries(outputs[f]?.inputs ?? {}).filter(([, v]) => v.bytesInOutput > 0).map(([i]) => i));
    expect(sources).toContain('tui/App.tsx');
    expect(sources.filter((i) => /node_modules\/(@supabase|ws)\//.test(i))).toEqual([]);
    expect(files.flatMap((f) => outputs[f]?.imports.filter((i) => i.external && ['node-sqlite3-wasm', 'better-sqlite3'].includes(i.path)) ?? [])).toEqual([]);
  });

  it('evaluates its code without loading a fetch implementation', () => {
    const { ui } = uiChunk();
    const script = `await import(${JSON.stringify(join(ROOT, ui))}); process.stdout.write(JSON.stringify(process.moduleLoadList));`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })) as string[];
    expect(loaded.some((m) => m.includes('ink') || m.includes('tty')), 'the UI code was evaluated').toBe(true);
    expect(loaded.filter((m) => /undici|zlib/.test(m))).toEqual([]);
  });
});
