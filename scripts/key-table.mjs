// Writes the root README's key table from the terminal UI's keymaps (tui/key-table.ts).
import { buildSync } from 'esbuild';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const out = join(mkdtempSync(join(tmpdir(), 'wsc-key-table-')), 'key-table.cjs');
buildSync({ entryPoints: ['tui/keys/key-table.ts'], bundle: true, platform: 'node', format: 'cjs', outfile: out, external: ['ink'], logLevel: 'error' });
const { withKeyTable } = createRequire(import.meta.url)(out);
const readme = readFileSync('README.md', 'utf8');
const next = withKeyTable(readme);
if (next !== readme) writeFileSync('README.md', next);
console.log(next === readme ? 'README.md: the key table is up to date' : 'README.md: key table written');
