// Ajv's standalone code for the local service's request validators: exactly those its route table
// needs (emulator/validators/required.ts), in the modes it runs them (modes.ts). esbuild.mjs puts
// the index in place of emulator/validators/compiled.ts in the bundles, with the same exports, and
// serves each mode's code as `wsc-route-validators:<mode>`: `wsc serve` then compiles no schema at
// start (compiling them cost it ~0.3-0.4 s) and loads no Ajv compiler for its routes.
import * as esbuild from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** The specifier a mode's module is imported by (esbuild.mjs resolves it). */
export const ROUTE_VALIDATORS_PREFIX = 'wsc-route-validators:';

/** The route table's validator list, its modes and the contract's schemas, as the service's own source has them. */
async function loadRouteTable(root) {
  const entry = [
    "export { modules } from './emulator/routes/index';",
    "export { CATALOG } from './emulator/actions/catalog';",
    "export { requiredValidators } from './emulator/validators/required';",
    "export { MODE_OPTIONS, USES_CONTRACT_REFS, USES_INPUT_FORMATS, VALIDATOR_MODES, validatorKey } from './emulator/validators/modes';",
    "export { INPUT_FORMATS } from './emulator/validators/input-formats';",
    "export { CONTRACT_SCHEMAS } from './shared/contract';",
  ].join('\n');
  // Written inside the project so that its packages (better-sqlite3) resolve; one file per process.
  const dir = join(root, 'node_modules', '.cache', 'wsc-route-validators');
  const file = join(dir, `${process.pid}.cjs`);
  mkdirSync(dir, { recursive: true });
  await esbuild.build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    loader: { '.md': 'text' },
    external: ['better-sqlite3', 'node-sqlite3-wasm', 'bufferutil', 'utf-8-validate'],
    logLevel: 'silent',
  });
  try {
    return require(file);
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * `{ index, modes }`: the source of the module that replaces emulator/validators/compiled.ts, and
 * each mode's module source by mode (`import(ROUTE_VALIDATORS_PREFIX + mode)` in the index).
 */
export async function routeValidatorModules(root) {
  const table = await loadRouteTable(root);
  const { _ } = require('ajv');
  const Ajv = require('ajv').default;
  const standaloneCode = require('ajv/dist/standalone').default;
  const routes = table.modules.flatMap((m) => m.routes ?? []);
  const specs = table.requiredValidators(routes, table.CATALOG.values());
  const modes = {};
  const entries = [];
  for (const mode of table.VALIDATOR_MODES) {
    const keys = new Map();
    for (const spec of specs) if (spec.mode === mode && !keys.has(table.validatorKey(spec))) keys.set(table.validatorKey(spec), spec.schema);
    if (keys.size === 0) continue;
    const formats = table.USES_INPUT_FORMATS[mode];
    const ajv = new Ajv({ ...table.MODE_OPTIONS[mode], code: { source: true, esm: true, ...(formats ? { formats: _`wscInputFormats` } : {}) } });
    if (formats) for (const [name, format] of Object.entries(table.INPUT_FORMATS)) ajv.addFormat(name, format);
    if (table.USES_CONTRACT_REFS[mode]) for (const schema of Object.values(table.CONTRACT_SCHEMAS)) ajv.addSchema(schema);
    const exports = {};
    for (const [key, schema] of keys) {
      const name = `v${entries.length}`;
      const { $id: _id, ...anonymous } = schema;
      ajv.addSchema(anonymous, `wscRouteValidator${entries.length}`);
      exports[name] = `wscRouteValidator${entries.length}`;
      entries.push({ key, mode, name });
    }
    const imports = formats ? "import { INPUT_FORMATS as wscInputFormats } from './input-formats';\n" : '';
    // Generated code nobody reads or steps through: minified, it is about a third to parse.
    modes[mode] = (await esbuild.transform(imports + standaloneCode(ajv, exports), { minify: true, format: 'esm', target: 'node20' })).code;
  }
  const usedModes = Object.keys(modes);
  const index = [
    "import { validatorKey } from './modes';",
    ...usedModes.map((mode, i) => `import * as m${i} from ${JSON.stringify(ROUTE_VALIDATORS_PREFIX + mode)};`),
    'const BY_KEY = new Map([',
    ...entries.map((e) => `  [${JSON.stringify(e.key)}, m${usedModes.indexOf(e.mode)}.${e.name}],`),
    ']);',
    'const byObject = new WeakMap();',
    'export function prepareValidators(specs) {',
    '  const missing = specs.filter((spec) => !BY_KEY.has(validatorKey(spec)));',
    '  if (missing.length > 0) throw new Error(`No validator was generated at build time for ${missing.length} schema(s) of the route table (first: ${validatorKey(missing[0]).slice(0, 120)}); rebuild with node esbuild.mjs.`);',
    '}',
    'export function preparedValidator(spec) {',
    '  let modes = byObject.get(spec.schema);',
    '  let fn = modes?.get(spec.mode);',
    '  if (fn) return fn;',
    '  fn = BY_KEY.get(validatorKey(spec));',
    '  if (!fn) throw new Error(`No ${spec.mode} validator was prepared for this schema when the routes were registered.`);',
    '  if (!modes) byObject.set(spec.schema, (modes = new Map()));',
    '  modes.set(spec.mode, fn);',
    '  return fn;',
    '}',
    'export function compiledValidatorCount() {',
    '  return 0;',
    '}',
    '',
  ].join('\n');
  return { index, modes };
}
