// Which sources a one-shot command reads at start: reads dist/wsc.meta.json (written by every
// `node esbuild.mjs`), follows the launcher's static imports and adds the command's own file
// (dist/cli/<command>.cjs), and prints every file and the sources in it. `node
// scripts/oneshot-chunks.mjs [command]` (channels by default); exits 1 when TypeBox, a contract
// schema module or an answer's validator (a file of its own, required when that answer is checked)
// is among them.
import { readFileSync } from 'node:fs';

const command = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'channels';
const meta = JSON.parse(readFileSync('dist/wsc.meta.json', 'utf8'));
const outputs = meta.outputs;
const entry = 'dist/wsc.mjs';
const commandFile = `dist/cli/${command}.cjs`;
if (!outputs[entry] || !outputs[commandFile]) {
  console.error(`oneshot-chunks: no output ${entry} or ${commandFile} in dist/wsc.meta.json`);
  process.exit(2);
}

const loaded = new Set();
const visit = (out) => {
  if (loaded.has(out)) return;
  loaded.add(out);
  for (const i of outputs[out].imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
};
visit(entry);
visit(commandFile);

// What a one-shot command must not even parse at start: TypeBox, the contract modules that build
// schemas, and any answer's validator.
const buildsSchemas = (input) => /^shared\/contract\/.*\.ts$/.test(input) && /from '(\.\/schema-kit|@sinclair\/typebox)'/.test(readFileSync(input, 'utf8'));
const forbidden = (input) => input.includes('node_modules/@sinclair/typebox') || input.startsWith('wsc-answer:') || buildsSchemas(input);
let bad = 0;
for (const out of [...loaded].sort()) {
  const inputs = Object.entries(outputs[out].inputs).filter(([, v]) => v.bytesInOutput > 0).map(([k]) => k);
  console.log(`${out}  ${outputs[out].bytes} bytes, ${inputs.length} sources`);
  for (const input of inputs.sort()) {
    const flag = forbidden(input) ? '  <-- schema code' : '';
    if (flag) bad += 1;
    if (flag || process.argv.includes('--all')) console.log(`    ${input}${flag}`);
  }
}
console.log(`${loaded.size} file(s), ${[...loaded].reduce((n, o) => n + outputs[o].bytes, 0)} bytes; ${bad} schema source(s)`);
process.exit(bad > 0 ? 1 : 0);
