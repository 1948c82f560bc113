// Ajv's standalone code for every response schema (shared/validate/response-schemas.ts), as an ES
// module with the same `validatorFor(name)` as shared/validate/validators.ts. esbuild.mjs puts it
// in place of that file in the bundles: no schema is compiled at run time, and Ajv's compiler is
// not in the bundles (only the few runtime helpers the generated code calls).
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
  const [{ RESPONSE_SCHEMAS }, { AJV_OPTIONS }] = await Promise.all([
    load('shared/validate/response-schemas.ts'),
    load('shared/validate/ajv-options.ts'),
  ]);
  const Ajv = require('ajv').default;
  const standaloneCode = require('ajv/dist/standalone').default;
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true, esm: true } });
  const names = Object.keys(RESPONSE_SCHEMAS);
  for (const name of names) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`response schema name "${name}" is not an identifier`);
    ajv.addSchema(RESPONSE_SCHEMAS[name], name);
  }
  const code = standaloneCode(ajv, Object.fromEntries(names.map((n) => [n, n])));
  const source = `${code}\nconst VALIDATORS = { ${names.join(', ')} };\nexport function validatorFor(name) { return VALIDATORS[name]; }\n`;
  // Generated code nobody reads or steps through: minified, it is about a third to parse.
  return (await esbuild.transform(source, { minify: true, format: 'esm', target: 'node20' })).code;
}
