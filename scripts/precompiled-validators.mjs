// Ajv's standalone code for every answer schema the client checks (the tolerant forms of the
// contract's schemas, shared/validate/tolerant-schemas.ts), as an ES module with the same
// `validatorFor(name)` and `displayTreeFor(name)` as shared/validate/validators.ts. esbuild.mjs puts
// it in place of that file in the bundles: no schema is compiled or built at run time, and Ajv's
// compiler is not in the bundles (only the few runtime helpers the generated code calls).
import * as esbuild from 'esbuild';
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** The module's source; `root` is the project folder. */
export async function precompiledValidatorsSource(root) {
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
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true, esm: true } });
  const names = Object.keys(RESPONSE_SCHEMAS);
  const { roots, shared } = shareRepeatedParts(RESPONSE_SCHEMAS);
  for (const [id, schema] of shared) ajv.addSchema(schema, id);
  for (const name of names) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`response schema name "${name}" is not an identifier`);
    ajv.addSchema(roots[name], name);
  }
  const code = standaloneCode(ajv, Object.fromEntries(names.map((n) => [n, n])));
  const trees = Object.fromEntries(names.map((n) => [n, displayTreeOf(RESPONSE_SCHEMAS[n])]));
  const source =
    `${code}\nconst VALIDATORS = { ${names.join(', ')} };\nexport function validatorFor(name) { return VALIDATORS[name]; }\n` +
    `const DISPLAY_TREES = ${JSON.stringify(trees)};\nexport function displayTreeFor(name) { return DISPLAY_TREES[name]; }\n`;
  // Generated code nobody reads or steps through: minified, it is about a third to parse.
  return (await esbuild.transform(source, { minify: true, format: 'esm', target: 'node20' })).code;
}

/**
 * The same schemas with every sub-schema object used in more than one place (the message schema
 * sits in a dozen answers) moved out and referenced by `$ref`, so its code is generated once
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
