// The .vsix is packaged without node_modules (esbuild bundles everything else), but the local
// demo service the extension can start needs SQLite's native module. Copy just that module and
// its two small helpers to dist/node_modules/, where Node's resolution from dist/ finds them.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const target = join('dist', 'node_modules');
rmSync(target, { recursive: true, force: true });
const parts = [
  ['better-sqlite3', ['package.json', 'lib', join('build', 'Release', 'better_sqlite3.node')]],
  ['bindings', ['package.json', 'bindings.js']],
  ['file-uri-to-path', ['package.json', 'index.js']],
  // The offline store's SQLite (WebAssembly: one build for every runtime).
  ['node-sqlite3-wasm', ['package.json', 'dist']],
];
for (const [name, files] of parts) {
  for (const file of files) {
    const from = join('node_modules', name, file);
    if (!existsSync(from)) throw new Error(`copy-native-for-vsix: ${from} is missing; run npm ci first.`);
    const to = join(target, name, file);
    mkdirSync(join(to, '..'), { recursive: true });
    cpSync(from, to, { recursive: true });
  }
}
console.log(`copied the SQLite native module to ${target}`);
