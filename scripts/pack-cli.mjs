// Packs the `wsc` command line as its own npm package, dist/wsc-cli-<version>.tgz: the bundled CLI
// (dist/wsc.js, dist/wsc.mjs, dist/chunks/, a file per subcommand in dist/cli/) with one
// dependency, SQLite's native module for `wsc serve`, which npm builds or fetches for the machine it
// is installed on. Everything else is
// inside the bundle, so `npm install -g` installs two packages' worth, not the extension's tree.
// Run after a build (`node esbuild.mjs --production` for a release): `node scripts/pack-cli.mjs`.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = JSON.parse(readFileSync('package.json', 'utf8'));
const stage = join('dist', 'cli-package');
for (const file of ['dist/wsc.js', 'dist/wsc.mjs', 'dist/chunks', 'dist/cli']) {
  if (!existsSync(file)) throw new Error(`pack-cli: ${file} is missing; build first with \`node esbuild.mjs --production\`.`);
}
rmSync(stage, { recursive: true, force: true });
mkdirSync(join(stage, 'chunks'), { recursive: true });
copyFileSync('dist/wsc.js', join(stage, 'wsc.js'));
copyFileSync('dist/wsc.mjs', join(stage, 'wsc.mjs'));
// Only the chunks wsc.mjs reaches: dist/chunks also keeps those of earlier builds.
const reached = new Set();
const queue = [readFileSync('dist/wsc.mjs', 'utf8')];
while (queue.length > 0) {
  for (const [, name] of queue.pop().matchAll(/["']\.\/(?:chunks\/)?([\w-]+\.mjs)["']/g)) {
    if (reached.has(name) || !existsSync(join('dist/chunks', name))) continue;
    reached.add(name);
    queue.push(readFileSync(join('dist/chunks', name), 'utf8'));
  }
}
for (const chunk of reached) cpSync(join('dist/chunks', chunk), join(stage, 'chunks', chunk));
cpSync('dist/cli', join(stage, 'cli'), { recursive: true, filter: (from) => !from.endsWith('.map') });
// The agent skill `wsc skill install` writes (its text is also inside the bundle), readable in the package.
mkdirSync(join(stage, 'skill'), { recursive: true });
copyFileSync('cli/skill/SKILL.md', join(stage, 'skill', 'SKILL.md'));
copyFileSync('LICENSE', join(stage, 'LICENSE'));
copyFileSync('CHANGELOG.md', join(stage, 'CHANGELOG.md'));
writeFileSync(
  join(stage, 'README.md'),
  `# wsc — your team workspace in the terminal\n\n` +
    `\`wsc\` opens the terminal UI (the built-in demo workspace when no account is configured); ` +
    `\`wsc --help\` lists the script subcommands; \`wsc serve --demo\` runs the local service.\n\n` +
    `Install: \`npm install -g wsc-cli\` (Node ${root.engines.node}). Sign in: \`wsc login\`, or set WSC_URL and WSC_TOKEN.\n\n` +
    `The full guide: ${root.homepage}\n`,
);
const manifest = {
  name: 'wsc-cli',
  version: root.version,
  description: 'The terminal UI and script commands of the team workspace, and its local service (wsc serve).',
  license: root.license,
  repository: root.repository,
  homepage: root.homepage,
  bugs: root.bugs,
  keywords: root.keywords,
  bin: { wsc: 'wsc.js' },
  files: ['wsc.js', 'wsc.mjs', 'chunks/', 'cli/', 'skill/', 'README.md', 'LICENSE', 'CHANGELOG.md'],
  engines: { node: root.engines.node },
  dependencies: { 'better-sqlite3': root.dependencies['better-sqlite3'], 'node-sqlite3-wasm': root.dependencies['node-sqlite3-wasm'] },
};
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const out = execFileSync('npm', ['pack', '--silent', '--pack-destination', '..'], { cwd: stage, encoding: 'utf8' }).trim().split('\n').pop();
console.log(join('dist', out));
