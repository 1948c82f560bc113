// scripts/extension-chunks.mjs: the start-up chunks joined into one file run as Node's loader would
// run them apart (each body once, on its first require, cycles seeing the exports so far), and a
// chunk loaded on first use from a file of its own shares their instances.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChunkFile, joinStartChunks } from '../../scripts/extension-chunks.mjs';

type Files = Map<string, ChunkFile>;

const CHUNKS: Record<string, string> = {
  'extension.js': `"use strict";
const shared = require("./extension/chunk-shared.js");
const other = require("./extension/chunk-other.js");
exports.count = () => shared.count;
exports.sameShared = () => other.shared === shared;
exports.feature = () => Promise.resolve().then(() => require("./extension/feature.js"));
exports.path = require("node:path").sep;`,
  'extension/chunk-shared.js': `"use strict";
globalThis.__wscJoinRuns = (globalThis.__wscJoinRuns ?? 0) + 1;
exports.count = 0;
exports.bump = () => ++exports.count;`,
  'extension/chunk-other.js': `"use strict";
exports.shared = require("./chunk-shared.js");`,
  'extension/feature.js': `"use strict";
const shared = require("./chunk-shared.js");
exports.use = () => shared.bump();`,
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  delete (globalThis as { __wscJoinRuns?: number }).__wscJoinRuns;
});

describe('the extension start-up chunks joined', () => {
  it('run each body once and share their instances with a chunk loaded on first use', async () => {
    const files: Files = new Map(Object.entries(CHUNKS).map(([id, code]) => [id, { code }]));
    const out = joinStartChunks(files, 'extension.js', ['extension.js', 'extension/chunk-shared.js', 'extension/chunk-other.js']);
    expect([...out.keys()].sort()).toEqual(['extension.js', 'extension/feature.js']);
    dir = mkdtempSync(join(tmpdir(), 'wsc-join-'));
    for (const [id, file] of out) {
      mkdirSync(dirname(join(dir, id)), { recursive: true });
      writeFileSync(join(dir, id), file.code);
    }
    const req = createRequire(join(dir, 'x.js'));
    const extension = req('./extension.js') as { count(): number; sameShared(): boolean; feature(): Promise<{ use(): number }>; path: string };
    expect(extension.sameShared()).toBe(true);
    expect(extension.path).toBe('/');
    const feature = await extension.feature();
    expect(feature.use()).toBe(1);
    expect(extension.count()).toBe(1);
    expect((globalThis as { __wscJoinRuns?: number }).__wscJoinRuns).toBe(1);
    expect(Object.keys(req.cache).filter((f) => f.startsWith(dir as string)).sort()).toEqual([join(dir, 'extension.js'), join(dir, 'extension', 'feature.js')]);
  });

  it('fails on a require of a file that is not a chunk', () => {
    const files: Files = new Map([['extension.js', { code: 'require("./missing.js");' }]]);
    expect(() => joinStartChunks(files, 'extension.js', ['extension.js'])).toThrow(/missing\.js/);
  });
});
