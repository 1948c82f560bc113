// The painter of the saved first frame (tui/prepaint.ts) runs before Ink, React and the API layer
// load: the files it evaluates (dist/wsc-prepaint.mjs, one file, and whatever it imports statically,
// from esbuild's metafile) hold none of them, and stay small.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

interface Output {
  bytes: number;
  imports: { path: string; kind: string; external?: boolean }[];
  inputs: Record<string, { bytesInOutput: number }>;
}

it("the painter's files hold no Ink, React, client or contract schemas, and stay under 64 KB", () => {
  const metaFile = join(ROOT, 'dist', 'wsc.meta.json');
  expect(existsSync(metaFile), 'dist/wsc.meta.json: build first with `node esbuild.mjs`').toBe(true);
  const { outputs } = JSON.parse(readFileSync(metaFile, 'utf8')) as { outputs: Record<string, Output> };
  const painter = Object.keys(outputs).find((out) => out.endsWith('.mjs') && 'tui/prepaint.ts' in (outputs[out]?.inputs ?? {}));
  expect(painter, 'the file holding tui/prepaint.ts').toBe('dist/wsc-prepaint.mjs');
  const files = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const i of outputs[file]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(painter as string);
  const sources = [...files].flatMap((f) => Object.entries(outputs[f]?.inputs ?? {}).filter(([, v]) => v.bytesInOutput > 0).map(([i]) => i));
  expect(sources).toContain('tui/painted-frame.ts');
  expect(sources.filter((i) => /node_modules\/|shared\/(client|contract|index|api)|tui\/(App|run)\.tsx?$|\.tsx$/.test(i))).toEqual([]);
  const externals = [...files].flatMap((f) => outputs[f]?.imports.filter((i) => i.external).map((i) => i.path) ?? []);
  expect(externals.filter((p) => !p.startsWith('node:'))).toEqual([]);
  expect([...files].reduce((sum, f) => sum + (outputs[f]?.bytes ?? 0), 0)).toBeLessThan(64 * 1024);
});
