// The extension's start: VS Code requires dist/extension.js, one file that holds every chunk of the
// split build required at once (esbuild.mjs, scripts/extension-chunks.mjs; esbuild's metafile,
// dist/extension.meta.json, says which source is where). It holds what activation needs, not the
// feature panels (the channel panel with the Markdown renderer and sanitiser behind it,
// automations, channel settings, the run timeline), nor the realtime client and its WebSocket, nor the answers'
// validators: each is a file of its own, loaded on first use (esbuild.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

interface Output {
  imports: { path: string; kind: string; external?: boolean }[];
  inputs: Record<string, { bytesInOutput: number }>;
}

const LAZY_FEATURES = [
  'extension/channel-panel/channel-panel.ts',
  'extension/automations/automations-panel.ts',
  'extension/channel-settings/settings-panel.ts',
  'extension/timeline/timeline-panel.ts',
  // Loaded on first use: the service check, Run Action, the while-coding providers and commands,
  // the pull-request flows, the inbox session, the live mention feed, the doc commands' actions,
  // Find Doc and the demo service's launcher.
  'shared/compat/check-service.ts',
  'extension/actions/action-flow.ts',
  'extension/editor/reference-providers.ts',
  'extension/editor/todo-actions.ts',
  'extension/editor/share-selection.ts',
  'extension/pull-requests/link-flow.ts',
  'extension/pull-requests/start-work-flow.ts',
  'shared/session/inbox-session.ts',
  'shared/live/mention-watcher.ts',
  'extension/docs/doc-actions.ts',
  'extension/docs/doc-find.ts',
  'extension/auth/demo-service.ts',
];
// What dist/extension.js and the files it requires may weigh together, as built (issue #44: the
// code loaded at start, measured by bench/extension-load.bench.ts): 492 KiB in the development
// build once the runtime strings went through l10n.t, 255 KiB in the production one.
const START_BUDGET_KIB = 500;
// Node's loader costs about a millisecond per file, whatever its size: the start is one file.
const START_FILES = ['dist/extension.js'];
const LAZY_PACKAGES = /node_modules\/(sanitize-html|marked|postcss|htmlparser2|@supabase|ws)\//;

function extensionOutputs(): Record<string, Output> {
  const metaFile = join(ROOT, 'dist', 'extension.meta.json');
  expect(existsSync(metaFile), 'dist/extension.meta.json: build first with `node esbuild.mjs`').toBe(true);
  return (JSON.parse(readFileSync(metaFile, 'utf8')) as { outputs: Record<string, Output> }).outputs;
}

function staticallyLoaded(outputs: Record<string, Output>, from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of outputs[file]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(from);
  return seen;
}

const sourcesOf = (outputs: Record<string, Output>, files: Iterable<string>): string[] =>
  [...files].flatMap((f) => Object.entries(outputs[f]?.inputs ?? {}).filter(([, v]) => v.bytesInOutput > 0).map(([i]) => i));

/** The file that holds `source`. */
const fileHolding = (outputs: Record<string, Output>, source: string): string | undefined =>
  Object.keys(outputs).find((out) => out.endsWith('.js') && (outputs[out]?.inputs[source]?.bytesInOutput ?? 0) > 0);

describe('the extension at start', () => {
  it('requires neither the feature panels nor the Markdown sanitiser, the realtime client or the validators', () => {
    const outputs = extensionOutputs();
    const sources = sourcesOf(outputs, staticallyLoaded(outputs, 'dist/extension.js'));
    expect(sources).toContain('extension/extension.ts');
    expect(sources).toContain('extension/channel-panel/index.ts');
    expect(sources.filter((s) => LAZY_FEATURES.includes(s))).toEqual([]);
    expect(sources.filter((s) => LAZY_PACKAGES.test(s))).toEqual([]);
    expect(sources.filter((s) => s.startsWith('wsc-answer:'))).toEqual([]);
    expect(sources.filter((s) => /node_modules\/@sinclair\/typebox\//.test(s))).toEqual([]);
    // Each is still built, in a file of its own the extension loads on first use.
    for (const feature of LAZY_FEATURES) expect(fileHolding(outputs, feature), feature).toMatch(/^dist\/extension\/.+\.js$/);
  });

  it(`weighs under ${START_BUDGET_KIB} KiB at start`, () => {
    const files = [...staticallyLoaded(extensionOutputs(), 'dist/extension.js')];
    const kib = files.reduce((sum, f) => sum + statSync(join(ROOT, f)).size, 0) / 1024;
    expect(kib).toBeLessThan(START_BUDGET_KIB);
  });

  it('loads only those files when VS Code requires it, and a feature file when it is first used', () => {
    const outputs = extensionOutputs();
    const panelFile = fileHolding(outputs, 'extension/channel-panel/channel-panel.ts') as string;
    // Plain Node with a stand-in `vscode` (loading touches no real API), as the extension-load bench.
    const script = `
      const Module = require('node:module');
      const resolve = Module._resolveFilename;
      Module._resolveFilename = function (request, ...rest) { return request === 'vscode' ? 'vscode-stand-in' : resolve.call(this, request, ...rest); };
      const h = { get: (t, k) => (k === '__esModule' ? false : k === 'then' ? undefined : new Proxy(function () {}, h)), apply: () => new Proxy(function () {}, h), construct: () => new Proxy(function () {}, h) };
      require.cache['vscode-stand-in'] = { id: 'vscode-stand-in', filename: 'vscode-stand-in', loaded: true, exports: new Proxy({}, h) };
      const loaded = () => Object.keys(require.cache).filter((f) => f.startsWith(${JSON.stringify(join(ROOT, 'dist'))}));
      const extension = require(${JSON.stringify(join(ROOT, 'dist', 'extension.js'))});
      const atStart = loaded();
      require(${JSON.stringify(join(ROOT, panelFile))});
      process.stdout.write(JSON.stringify({ activate: typeof extension.activate, atStart, after: loaded() }));`;
    const run = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' })) as { activate: string; atStart: string[]; after: string[] };
    expect(run.activate).toBe('function');
    const expected = [...staticallyLoaded(outputs, 'dist/extension.js')].map((f) => join(ROOT, f)).sort();
    expect(run.atStart.sort()).toEqual(expected);
    expect(run.atStart).toEqual(START_FILES.map((f) => join(ROOT, f)));
    expect(run.after).toContain(join(ROOT, panelFile));
  });
});
