// The compiled check of each response schema. From source (tests, tsc) Ajv compiles a schema the
// first time it is used. The bundles (esbuild.mjs) replace this file with the same validators
// compiled ahead of time by Ajv's standalone code generator (scripts/precompiled-validators.mjs):
// compiling at run time cost a one-shot `wsc` command ~40 ms and loading Ajv's compiler ~300 KiB.
import { Ajv, type ValidateFunction } from 'ajv';
import { AJV_OPTIONS } from './ajv-options';
import { RESPONSE_SCHEMAS, type ResponseSchemaName } from './response-schemas';

let ajv: Ajv | undefined;
const compiled = new Map<ResponseSchemaName, ValidateFunction>();

export function validatorFor(name: ResponseSchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    ajv ??= new Ajv(AJV_OPTIONS);
    validate = ajv.compile(RESPONSE_SCHEMAS[name]);
    compiled.set(name, validate);
  }
  return validate;
}
