// Builds dist/extension.js (CommonJS, vscode external), dist/wsc.js (the CLI launcher, with a
// shebang) + dist/wsc.mjs (the CLI itself, ESM because Ink's layout engine uses top-level await)
// and the webview bundles under dist/media/. Flags: --watch, --production (minified, no maps).
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, chmodSync, copyFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { barrelImports } from './scripts/barrel-imports.mjs';
import { joinStartChunks } from './scripts/extension-chunks.mjs';
import { ANSWER_MODULE_PREFIX, precompiledValidatorModules } from './scripts/precompiled-validators.mjs';
import { ROUTE_VALIDATORS_PREFIX, routeValidatorModules } from './scripts/route-validators.mjs';

const watch = process.argv.includes('--watch');
// Every build also writes dist/wsc.meta.json, esbuild's account of which source went into which CLI
// file or chunk (scripts/oneshot-chunks.mjs and the one-shot packaging test read it).
const metafile = true;
const production = process.argv.includes('--production');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: production ? false : 'linked',
  minify: production,
  legalComments: 'none',
  logLevel: 'warning',
  // Markdown served by the local service (emulator/discovery/*.md) is bundled as text.
  loader: { '.md': 'text' },
  // Native or optional modules stay outside the bundle.
  // react-devtools-core: Ink imports it only when DEV=true (never in our bundle).
  external: ['better-sqlite3', 'node-sqlite3-wasm', 'bufferutil', 'utf-8-validate', 'react-devtools-core'],
};

// shared/validate/validators.ts compiles each response schema with Ajv at first use; the bundles
// get the same validators compiled here instead (a one-shot command no longer loads Ajv's compiler
// or spends ~40 ms compiling), one module per answer (`wsc-answer:<Name>`), imported when that
// answer is first checked: the CLI's code splitting gives each its own chunk. Generated once per
// build run.
let validatorModules;
const precompiledValidators = validatorsLoadedBy('import');
function validatorsLoadedBy(loading) {
  return {
  name: 'wsc-precompiled-validators',
  setup(build) {
    build.onLoad({ filter: /[\\/]shared[\\/]validate[\\/]validators\.ts$/ }, async (args) => {
      validatorModules ??= precompiledValidatorModules(process.cwd());
      const { index } = await validatorModules;
      // The one-file commands require each answer's file (see answerFiles); an import() of a CommonJS
      // file would go through the ESM loader and its export scan.
      const contents = loading === 'require' ? index.replace(/import\("wsc-answer:(\w+)"\)/g, 'Promise.resolve().then(() => require("./answers/$1.cjs"))') : index;
      return { contents, loader: 'js', resolveDir: join(args.path, '..') };
    });
    build.onResolve({ filter: new RegExp(`^${ANSWER_MODULE_PREFIX}\\w+$`) }, (args) => ({ path: args.path.slice(ANSWER_MODULE_PREFIX.length), namespace: 'wsc-answer' }));
    build.onLoad({ filter: /.*/, namespace: 'wsc-answer' }, async (args) => {
      const source = (await validatorModules).answers[args.path];
      if (source === undefined) return { errors: [{ text: `no answer schema named ${args.path}` }] };
      return { contents: source, loader: 'js', resolveDir: process.cwd() };
    });
  },
  };
}

// The local service's request validators, compiled from source when its routes are registered
// (emulator/validators/compiled.ts), are generated here instead: `wsc serve` compiles none at start.
let routeValidators;
const precompiledRouteValidators = {
  name: 'wsc-route-validators',
  setup(build) {
    const dir = join(process.cwd(), 'emulator', 'validators');
    build.onLoad({ filter: /[\\/]emulator[\\/]validators[\\/]compiled\.ts$/ }, async () => {
      routeValidators ??= routeValidatorModules(process.cwd());
      return { contents: (await routeValidators).index, loader: 'js', resolveDir: dir };
    });
    build.onResolve({ filter: new RegExp(`^${ROUTE_VALIDATORS_PREFIX}`) }, (args) => ({ path: args.path.slice(ROUTE_VALIDATORS_PREFIX.length), namespace: 'wsc-route-validators' }));
    build.onLoad({ filter: /.*/, namespace: 'wsc-route-validators' }, async (args) => {
      const source = (await routeValidators).modes[args.path];
      if (source === undefined) return { errors: [{ text: `no route validators of the mode ${args.path}` }] };
      return { contents: source, loader: 'js', resolveDir: dir };
    });
  },
};

// The contract's schemas are built at module load (TypeBox calls). A one-shot command needs none of
// them (its answer checks are the precompiled validators above), only the names and paths beside
// them: marking each builder call pure lets esbuild drop every schema nothing uses, and with them
// TypeBox. The source stays plain; only the bundled copy carries the annotations. shared/package.json
// says `sideEffects: false` (no module there is imported for its effects): an `export *` of an index
// then no longer ties a command to every module behind it, such as the schema modules beside the
// names and paths it needs.
const SCHEMA_BUILDER_CALL =
  /(?<![\w.]|function )(Type\.\w+|ref|nullable|stringEnum|text|requiredText|id|timestamp|requestBody|queryParameters|limitParameter|cursorParameter|options|registry)(<[^()=;]*>)?\(/g;
const pureContractSchemas = {
  name: 'wsc-pure-contract-schemas',
  setup(build) {
    build.onLoad({ filter: /[\\/]shared[\\/]contract[\\/][^\\/]+\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return { contents: source.replace(SCHEMA_BUILDER_CALL, '/* @__PURE__ */ $1$2('), loader: 'ts' };
    });
  },
};

// Ink's layout engine (yoga-layout) loads its WebAssembly from an inline data: URL, through fetch()
// whenever the runtime has one. In Node that first touch of fetch loads Node's whole fetch
// implementation (undici) and parses the 130 KB URL, some 15-50 ms at every start of the terminal
// UI before its first frame. The bundled copy takes the loader's own other path instead: it decodes
// the inline base64 itself. A yoga-layout that no longer reads this way fails the build.
const yogaWithoutFetch = {
  name: 'wsc-yoga-without-fetch',
  setup(build) {
    build.onLoad({ filter: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const patched = source.replaceAll('"function"!=typeof fetch', 'true');
      if (patched === source) return { errors: [{ text: `${args.path} no longer loads its WebAssembly through fetch: review the wsc-yoga-without-fetch plugin in esbuild.mjs` }] };
      return { contents: patched, loader: 'js' };
    });
  },
};

// The painter of the saved first frame (tui/prepaint.ts) runs before the rest of the terminal UI
// loads, so it is a file of its own, dist/wsc-prepaint.mjs, with every module it uses: in the split
// build its modules made a dozen chunks, and loading them took longer than painting (each file is
// resolved, read and compiled apart). bin/wsc.ts's import of it is pointed at that file.
const PAINTER_FILE = './wsc-prepaint.mjs';
const painterFile = {
  name: 'wsc-painter-file',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/tui\/prepaint$/ }, (args) =>
      args.kind === 'dynamic-import' && args.importer.endsWith(join('bin', 'wsc.ts')) ? { path: PAINTER_FILE, external: true } : undefined,
    );
  },
};

// Ink draws every frame into a new Output whose caches (each line's styled characters, each
// text's width) start empty, and fills a fresh grid of blank-cell objects: a keystroke's frame
// re-parsed every line on screen, made some 3,000 objects for the collector and turned every row
// back into a string. The bundled copy keeps the caches from frame to frame (emptied when they grow
// past a bound), shares one blank cell, which nothing writes to (cells are replaced, never changed),
// and reuses a row's string while the row holds the same cells as in the frame before. An Ink whose
// Output no longer reads this way fails the build.
const inkOutputKeptBetweenFrames = {
  name: 'wsc-ink-output-kept-between-frames',
  setup(build) {
    build.onLoad({ filter: /[\\/]ink[\\/]build[\\/]output\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const blank = /row\.push\(\{\s*type: 'char',\s*value: ' ',\s*fullWidth: false,\s*styles: \[\],\s*\}\);/;
      const caches = 'caches = new OutputCaches();';
      const rows = /(const generatedOutput = output\s*\.map\()line => \{/;
      const row = 'return styledCharsToString(lineWithoutEmptyItems).trimEnd();';
      if (!blank.test(source) || !source.includes(caches) || !rows.test(source) || !source.includes(row)) {
        return { errors: [{ text: `${args.path} no longer builds its frame this way: review the wsc-ink-output-kept-between-frames plugin in esbuild.mjs` }] };
      }
      const patched =
        source
          .replace(blank, 'row.push(BLANK_CELL);')
          .replace(caches, 'caches = keptOutputCaches();')
          .replace(rows, '$1(line, y) => {')
          .replace(row, 'return keptRowString(y, lineWithoutEmptyItems);') +
        `
const BLANK_CELL = { type: 'char', value: ' ', fullWidth: false, styles: [] };
const KEPT_ENTRIES = 20000;
let kept;
function keptOutputCaches() {
  if (kept === undefined || kept.styledChars.size + kept.widths.size + kept.blockWidths.size > KEPT_ENTRIES) kept = new OutputCaches();
  return kept;
}
let keptRows = [];
function keptRowString(y, cells) {
  const before = keptRows[y];
  if (before !== undefined && before.cells.length === cells.length && before.cells.every((cell, x) => cell === cells[x])) return before.text;
  const text = styledCharsToString(cells).trimEnd();
  keptRows[y] = { cells, text };
  return text;
}
`;
      return { contents: patched, loader: 'js' };
    });
  },
};

const builds = [];

// The extension: dist/extension.js, which VS Code requires at start, holds only what activation
// needs; a feature's code that an `import()` names (a panel, the offline store, each answer's
// validator…) is a file of its own under dist/extension/, loaded on first use. esbuild splits
// code only in ESM output, and VS Code requires an extension as CommonJS: the split ESM build goes
// to dist/extension-esm/ (not packaged), and each of its files is then turned into CommonJS (imports
// become require() calls, an import() a require() behind a promise, so the files load through
// Node's CommonJS loader only; source maps lead back to the TypeScript). The chunks required at
// start are then joined into dist/extension.js, one file (scripts/extension-chunks.mjs).
const EXTENSION_ESM_DIR = join('dist', 'extension-esm');
const extensionToCommonJs = {
  name: 'wsc-extension-to-commonjs',
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length > 0) return;
      // A feature file's name carries its hash: the files of an earlier build go first.
      for (const dir of [EXTENSION_ESM_DIR, join('dist', 'extension')]) rmSync(dir, { recursive: true, force: true });
      for (const file of result.outputFiles) {
        mkdirSync(dirname(file.path), { recursive: true });
        writeFileSync(file.path, file.contents);
      }
      const esmFiles = result.outputFiles.map((file) => file.path).filter((path) => path.endsWith('.js'));
      const commonJs = await esbuild.build({
        entryPoints: esmFiles,
        outbase: EXTENSION_ESM_DIR,
        outdir: 'dist',
        bundle: false,
        platform: 'node',
        target: 'node20',
        format: 'cjs',
        sourcemap: common.sourcemap,
        minify: production,
        legalComments: 'none',
        logLevel: 'warning',
        supported: { 'dynamic-import': false },
        write: false,
      });
      // By path under dist/: "extension.js", "extension/chunk-….js".
      const dist = join(process.cwd(), 'dist') + '/';
      const texts = new Map(commonJs.outputFiles.map((file) => [file.path.slice(dist.length), file.text]));
      const files = new Map(
        [...texts].filter(([id]) => id.endsWith('.js')).map(([id, code]) => [id, { code, map: texts.has(`${id}.map`) ? JSON.parse(texts.get(`${id}.map`)) : undefined }]),
      );
      const renamed = (path) => path.replace(`${EXTENSION_ESM_DIR}/`, 'dist/');
      const esmOutputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([out, o]) => [renamed(out), o]));
      const start = [];
      const visit = (out) => {
        if (start.includes(out)) return;
        start.push(out);
        for (const i of esmOutputs[out].imports) if (i.kind === 'import-statement' && !i.external) visit(renamed(i.path));
      };
      visit('dist/extension.js');
      const startIds = start.map((out) => out.slice('dist/'.length));
      for (const [id, file] of joinStartChunks(files, 'extension.js', startIds)) {
        const path = join('dist', id);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, file.code);
        if (file.map) writeFileSync(`${path}.map`, JSON.stringify(file.map));
      }
      // dist/extension.meta.json: which source went into which of those files (the start-up test
      // reads it), the chunks required at start counted as dist/extension.js.
      const into = (path) => (start.includes(renamed(path)) ? 'dist/extension.js' : renamed(path));
      const outputs = {};
      for (const [out, o] of Object.entries(esmOutputs)) {
        if (!out.endsWith('.js')) continue;
        const target = (outputs[into(out)] ??= { imports: [], inputs: {}, bytes: 0 });
        target.bytes += o.bytes;
        Object.assign(target.inputs, o.inputs);
        for (const i of o.imports) {
          const path = i.external ? i.path : into(i.path);
          if (path === into(out) || target.imports.some((t) => t.path === path && t.kind === i.kind)) continue;
          target.imports.push({ ...i, path });
        }
      }
      writeFileSync(join('dist', 'extension.meta.json'), JSON.stringify({ inputs: result.metafile.inputs, outputs }));
    });
  },
};
if (existsSync('extension/extension.ts')) {
  builds.push({
    ...common,
    entryPoints: { extension: 'extension/extension.ts' },
    outdir: EXTENSION_ESM_DIR,
    format: 'esm',
    splitting: true,
    chunkNames: 'extension/[name]-[hash]',
    metafile: true,
    // Written by extensionToCommonJs, once the files of an earlier build are gone.
    write: false,
    external: [...common.external, 'vscode'],
    // barrelImports: a feature's file holds the shared modules only it uses (see scripts/barrel-imports.mjs).
    plugins: [precompiledValidators, pureContractSchemas, barrelImports(process.cwd()), extensionToCommonJs],
  });
}

builds.push({
  ...common,
  entryPoints: { wsc: 'bin/wsc.ts' },
  metafile,
  // barrelImports: a command's chunks hold the shared modules it uses, not all that shared/index.ts names.
  plugins: [painterFile, precompiledValidators, precompiledRouteValidators, pureContractSchemas, barrelImports(process.cwd()), yogaWithoutFetch, inkOutputKeptBetweenFrames],
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  format: 'esm',
  // Subcommands load lazily: `wsc serve` never pays for the terminal UI and the reverse.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  jsx: 'automatic',
  // React's production build: the development one checks and measures every render (several
  // times the CPU per keystroke and more garbage), which the terminal UI cannot afford.
  define: { 'process.env.DEV': '"false"', 'process.env.NODE_ENV': '"production"' },
  // CommonJS packages inside an ESM bundle still call require().
  banner: {
    js: "import { createRequire as __wscCreateRequire } from 'node:module'; const require = __wscCreateRequire(import.meta.url);",
  },
});

builds.push({
  ...common,
  entryPoints: { 'wsc-prepaint': 'tui/prepaint.ts' },
  metafile,
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  format: 'esm',
});

// Each subcommand is one CommonJS file, dist/cli/<name>.cjs, holding all it runs (bin/wsc.ts loads
// it by name). Node spends about a millisecond per module file it loads, whatever its size, and code
// splitting across the CLI, the terminal UI and the local service cut a command's code into some 30
// chunks; one file also costs less than the ESM loader. Code a command needs only sometimes (the
// offline cache and SQLite, the outbox, the pager, each answer's validator) is still evaluated only
// when first used: in CommonJS output esbuild keeps a lazily imported module behind an init
// function, and its external packages are required there, not at start.
const commandNames = [...readFileSync('cli/command-names.ts', 'utf8').matchAll(/^ {2}'([a-z-]+)',$/gm)].map((m) => m[1]);
if (commandNames.length === 0) throw new Error('esbuild.mjs: no command names found in cli/command-names.ts');
const commandEntry = {
  name: 'wsc-command-entry',
  setup(build) {
    build.onResolve({ filter: /^wsc-command:/ }, (args) => ({ path: args.path.slice('wsc-command:'.length), namespace: 'wsc-command' }));
    build.onLoad({ filter: /.*/, namespace: 'wsc-command' }, (args) => {
      const runner = `run${args.path[0].toUpperCase()}${args.path.slice(1)}`;
      return {
        contents: [
          "import { runCommand } from './cli/run-command';",
          `import { ${runner} } from './cli/${args.path}';`,
          `export const run = (args) => runCommand(${JSON.stringify(args.path)}, args, ${runner});`,
        ].join('\n'),
        loader: 'js',
        resolveDir: process.cwd(),
      };
    });
  },
};
// Each answer's validator is a file of its own too, dist/cli/answers/<Name>.cjs, required the first
// time that answer is checked: a command carries none of them.
const answerFiles = {
  name: 'wsc-answer-files',
  setup(build) {
    build.onResolve({ filter: /^\.\/answers\/\w+\.cjs$/ }, (args) => ({ path: args.path, external: true }));
  },
};
builds.push({
  ...common,
  entryPoints: Object.fromEntries(commandNames.map((name) => [`cli/${name}`, `wsc-command:${name}`])),
  metafile,
  plugins: [commandEntry, answerFiles, validatorsLoadedBy('require'), pureContractSchemas, barrelImports(process.cwd())],
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: { 'process.env.NODE_ENV': '"production"' },
});
validatorModules ??= precompiledValidatorModules(process.cwd());
const ANSWER_NAMES = Object.keys((await validatorModules).answers);
builds.push({
  ...common,
  entryPoints: Object.fromEntries(ANSWER_NAMES.map((name) => [`cli/answers/${name}`, `${ANSWER_MODULE_PREFIX}${name}`])),
  metafile,
  plugins: [precompiledValidators],
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
});

const mediaEntries = existsSync('media')
  ? readdirSync('media').filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts')).map((f) => join('media', f))
  : [];
if (mediaEntries.length > 0) {
  builds.push({
    ...common,
    entryPoints: mediaEntries,
    outdir: 'dist/media',
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
    external: [],
  });
}

// The extension's integration suite (test/extension/suite/index.ts → dist/test/extension/suite/index.js).
// Test files are required lazily by the virtual module `wsc:extension-suites`, after mocha's
// globals exist; vscode and mocha stay external (the harness resolves mocha from node_modules).
const suiteDir = join('test', 'extension', 'suite');
function listSuiteFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listSuiteFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []))
    .sort();
}
const extensionSuitesPlugin = {
  name: 'wsc-extension-suites',
  setup(build) {
    build.onResolve({ filter: /^wsc:extension-suites$/ }, () => ({ path: 'suites', namespace: 'wsc-extension-suites' }));
    build.onLoad({ filter: /.*/, namespace: 'wsc-extension-suites' }, () => ({
      contents: `export function loadSuites() {\n${listSuiteFiles(suiteDir).map((f) => `  require(${JSON.stringify('./' + f.split('\\').join('/'))});`).join('\n')}\n}\n`,
      resolveDir: process.cwd(),
      loader: 'js',
    }));
  },
};
if (existsSync(join(suiteDir, 'index.ts'))) {
  builds.push({
    ...common,
    entryPoints: { index: join(suiteDir, 'index.ts') },
    outdir: join('dist', 'test', 'extension', 'suite'),
    format: 'cjs',
    external: [...common.external, 'vscode', 'mocha'],
    plugins: [extensionSuitesPlugin],
  });
}

// The extension-test runners (plain Node, ESM, packages from node_modules). See
// test/extension/README.md.
if (existsSync(join('test', 'extension', 'run-code-server.ts'))) {
  builds.push({
    ...common,
    entryPoints: {
      'run-code-server': join('test', 'extension', 'run-code-server.ts'),
      'run-electron': join('test', 'extension', 'run-electron.ts'),
    },
    outdir: join('dist', 'test', 'extension'),
    outExtension: { '.js': '.mjs' },
    format: 'esm',
    packages: 'external',
  });
}

function writeLauncher() {
  mkdirSync('dist', { recursive: true });
  const launcher = "#!/usr/bin/env node\n'use strict';\nimport('./wsc.mjs').catch((error) => {\n  process.stderr.write(`wsc: could not start: ${error && error.message ? error.message : error}\\n`);\n  process.exit(1);\n});\n";
  writeFileSync('dist/wsc.js', launcher);
  chmodSync('dist/wsc.js', 0o755);
}

// Webviews load the codicon font from dist/media (their only allowed local roots are media/ and dist/media/).
function copyCodicons() {
  const from = join('node_modules', '@vscode', 'codicons', 'dist');
  if (!existsSync(from)) return;
  mkdirSync(join('dist', 'media'), { recursive: true });
  for (const f of ['codicon.css', 'codicon.ttf']) copyFileSync(join(from, f), join('dist', 'media', f));
}

writeLauncher();
copyCodicons();
if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('watching for changes…');
} else {
  const started = Date.now();
  const results = await Promise.all(builds.map((b) => esbuild.build(b)));
  // The extension's own metafile is dist/extension.meta.json (extensionToCommonJs).
  const metas = results.flatMap((r, i) => (r.metafile && builds[i]?.outdir !== EXTENSION_ESM_DIR ? [r.metafile] : []));
  if (metas.length > 0) {
    const merged = { inputs: Object.assign({}, ...metas.map((m) => m.inputs)), outputs: Object.assign({}, ...metas.map((m) => m.outputs)) };
    writeFileSync('dist/wsc.meta.json', JSON.stringify(merged));
  }
  if (!process.env.CI && !process.argv.includes('--quiet')) {
    console.log(`built ${builds.length} bundle group(s) in ${Date.now() - started} ms`);
  }
}
