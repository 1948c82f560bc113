// Ajv's standalone code for every answer schema the client checks (the tolerant forms of the
// contract's schemas, shared/validate/tolerant-schemas.ts): one small ES module per answer, exporting
// `validate` and `displayTree`, and an index with the same `answerCheckFor(name)` as
// shared/validate/validators.ts that imports an answer's module the first time it is asked for.
// esbuild.mjs puts the index in place of that file in the bundles and serves each answer's module
// as `wsc-answer:<Name>`: with code splitting, a one-shot command parses the validator of the
// answer it reads and no other. No schema is compiled or built at run time, and Ajv's compiler is
// not in the bundles (only the few runtime helpers the generated code calls).
import * as esbuild from 'esbuild';
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** The specifier an answer's module is imported by (esbuild.mjs resolves it). */
export const ANSWER_MODULE_PREFIX = 'wsc-answer:';

/**
 * `{ index, answers }`: the index module's source, and each answer's module source by name
 * (`import(ANSWER_MODULE_PREFIX + name)` in the index). `root` is the project folder.
 */
export async function precompiledValidatorModules(root) {
  const load = async (file) => {
    const built = await esbuild.build({ entryPoints: [join(root, file)], bundle: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'silent' });
    return import(`data:text/javascript;base64,${Buffer.from(built.outputFiles[0].text).toString('base64')}`);
  };
  const [{ tolerantSchemas }, { displayTreeOf }, { AJV_OPTIONS }] = await Promise.all([
    load('shared/validate/tolerant-schemas.ts'),
    load('shared/validate/display-fields.ts'),
    load('shared/validate/ajv-options.ts'),
  ]);
  const RESPONSE_SCHEMAS = tolerantSchemas();
  const Ajv = require('ajv').default;
  const standaloneCode = require('ajv/dist/standalone').default;
  const names = Object.keys(RESPONSE_SCHEMAS);
  const answers = {};
  for (const name of names) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`response schema name "${name}" is not an identifier`);
    // Each answer on its own: its module holds the code of its own schema and the parts it uses.
    const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true, esm: true } });
    const { roots, shared } = shareRepeatedParts({ [name]: RESPONSE_SCHEMAS[name] });
    for (const [id, schema] of shared) ajv.addSchema(schema, id);
    ajv.addSchema(roots[name], name);
    const source = `${standaloneCode(ajv, { validate: name })}\nexport const displayTree = ${JSON.stringify(displayTreeOf(RESPONSE_SCHEMAS[name]))};\n`;
    // Generated code nobody reads or steps through: minified, it is about a third to parse.
    answers[name] = (await esbuild.transform(source, { minify: true, format: 'esm', target: 'node20' })).code;
  }
  // A literal specifier per answer, so the bundler sees each dynamic import and splits it off.
  const loaders = names.map((n) => `  ${n}: () => import(${JSON.stringify(ANSWER_MODULE_PREFIX + n)}),`).join('\n');
  // Each answer's module is imported once: an import() of a loaded module still resolves its
  // specifier and waits on the loader's promises, per page of a long history (up to 10 ms a call).
  const index = `const LOADERS = {\n${loaders}\n};\nconst loading = new Map();\nexport function answerCheckFor(name) {\n  let check = loading.get(name);\n  if (check === undefined) {\n    check = LOADERS[name]();\n    loading.set(name, check);\n  }\n  return check;\n}\n`;
  return { index, answers };
}

/**
 * The same schemas with every sub-schema object used in more than one place (an answer's author
 * and its messages' authors) moved out and referenced by `$ref`, so its code is generated once
 * instead of inlined at every use. A part with its own `default` stays inline: Ajv fills defaults
 * from the property's schema itself, not through a `$ref`.
 */
function shareRepeatedParts(schemas) {
  const uses = new Map();
  const count = (node) => {
    if (Array.isArray(node)) return node.forEach(count);
    if (node === null || typeof node !== 'object') return;
    uses.set(node, (uses.get(node) ?? 0) + 1);
    if (uses.get(node) === 1) Object.values(node).forEach(count);
  };
  Object.values(schemas).forEach(count);
  const ids = new Map();
  for (const [node, n] of uses) {
    const isSchema = !Array.isArray(node) && ('properties' in node || 'items' in node);
    if (n > 1 && isSchema && !('default' in node) && JSON.stringify(node).length > 200) ids.set(node, `wscShared${ids.size}`);
  }
  const rewrite = (node, self) => {
    if (Array.isArray(node)) return node.map((n) => rewrite(n));
    if (node === null || typeof node !== 'object') return node;
    if (node !== self && ids.has(node)) return { $ref: ids.get(node) };
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === 'default' || k === 'enum' || k === 'const' ? v : rewrite(v)]));
  };
  const shared = [...ids].map(([node, id]) => [id, rewrite(node, node)]);
  const roots = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, rewrite(schema, schema)]));
  return { roots, shared };
}
