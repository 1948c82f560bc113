// The request validators, made ready when the routes are registered (prepareValidators, from
// server.ts) so that no request compiles one and a schema that does not compile stops the start.
// From source (tests, tsc) Ajv compiles them here; the bundles replace this file with the same
// validators generated at build time by Ajv's standalone code (scripts/route-validators.mjs), so
// `wsc serve` compiles nothing at start: compiling them at run time cost it ~0.3-0.4 s.
import { Ajv, type ValidateFunction } from 'ajv';
import { CONTRACT_SCHEMAS } from '../../shared/contract';
import { INPUT_FORMATS } from './input-formats';
import { MODE_OPTIONS, USES_CONTRACT_REFS, USES_INPUT_FORMATS, validatorKey, type ValidatorMode, type ValidatorSpec } from './modes';

const ajvs = new Map<ValidatorMode, Ajv>();
const byKey = new Map<string, ValidateFunction>();
const byObject = new WeakMap<object, Map<ValidatorMode, ValidateFunction>>();
let compiles = 0;

function ajvFor(mode: ValidatorMode): Ajv {
  let ajv = ajvs.get(mode);
  if (!ajv) {
    // Cheaper to compile, same answers: the schemas are checked against the meta-schema, and the
    // code optimised, where the bundles generate theirs (about half the compile time here).
    ajv = new Ajv({ ...MODE_OPTIONS[mode], validateSchema: false, code: { optimize: false } });
    if (USES_INPUT_FORMATS[mode]) for (const [name, format] of Object.entries(INPUT_FORMATS)) ajv.addFormat(name, format);
    if (USES_CONTRACT_REFS[mode]) for (const schema of Object.values(CONTRACT_SCHEMAS)) ajv.addSchema(schema);
    ajvs.set(mode, ajv);
  }
  return ajv;
}

function compile({ schema, mode }: ValidatorSpec): ValidateFunction {
  compiles++;
  const ajv = ajvFor(mode);
  // A registered schema is compiled by its $id; another object (of the same $id or none) as it is,
  // without its $id.
  const id = (schema as { $id?: unknown }).$id;
  const registered = USES_CONTRACT_REFS[mode] && typeof id === 'string' ? ajv.getSchema(id) : undefined;
  if (registered && registered.schema === schema) return registered;
  const { $id: _id, ...anonymous } = schema as Record<string, unknown>;
  return ajv.compile(anonymous);
}

/** Compiles each validator not yet ready (a schema that does not compile throws). */
export function prepareValidators(specs: readonly ValidatorSpec[]): void {
  for (const spec of specs) {
    const key = validatorKey(spec);
    if (!byKey.has(key)) byKey.set(key, compile(spec));
  }
}

/** The ready validator of a schema (or of a copy of it) in a mode; throws when none was prepared. */
export function preparedValidator(spec: ValidatorSpec): ValidateFunction {
  let modes = byObject.get(spec.schema);
  let fn = modes?.get(spec.mode);
  if (fn) return fn;
  fn = byKey.get(validatorKey(spec));
  if (!fn) throw new Error(`No ${spec.mode} validator was prepared for this schema when the routes were registered.`);
  if (!modes) byObject.set(spec.schema, (modes = new Map()));
  modes.set(spec.mode, fn);
  return fn;
}

/** How many validators this process has compiled (the bundles compile none). */
export function compiledValidatorCount(): number {
  return compiles;
}
