// How each kind of input is validated: Ajv's options per mode, the same whether a validator is
// compiled at run time (compiled.ts, from source) or generated at build time
// (scripts/route-validators.mjs, the bundles).
//  - body / query: a route's declared JSON body and query (request-schemas.ts); the query's strings
//    are coerced and undeclared names dropped. The contract's schemas are registered for `$ref`.
//  - input-body / input-query: a generic command's input (actions/validate-input.ts), defaults
//    filled in; a query's repeated name may stand for an array.
// `verbose` gives each error its schema and parent schema, which the 400's message and hint are
// built from.
import type { Options } from 'ajv';

export type ValidatorMode = 'body' | 'query' | 'input-body' | 'input-query';

export const VALIDATOR_MODES: readonly ValidatorMode[] = ['body', 'query', 'input-body', 'input-query'];

const REQUEST: Options = { strict: false, allErrors: false, verbose: true, useDefaults: false };
const INPUT: Options = { strict: false, allErrors: false, verbose: true, useDefaults: true };

export const MODE_OPTIONS: Readonly<Record<ValidatorMode, Options>> = {
  body: { ...REQUEST, coerceTypes: false, removeAdditional: false },
  query: { ...REQUEST, coerceTypes: true, removeAdditional: true },
  'input-body': { ...INPUT, coerceTypes: false },
  'input-query': { ...INPUT, coerceTypes: 'array' },
};

/** Modes whose schemas may `$ref` the contract's registered schemas. */
export const USES_CONTRACT_REFS: Readonly<Record<ValidatorMode, boolean>> = { body: true, query: true, 'input-body': false, 'input-query': false };

/** Modes that check the command input formats (input-formats.ts). */
export const USES_INPUT_FORMATS: Readonly<Record<ValidatorMode, boolean>> = { body: false, query: false, 'input-body': true, 'input-query': true };

/** One validator: a schema checked in one mode. Its key names it by content, so a copy of the schema finds it too. */
export interface ValidatorSpec {
  mode: ValidatorMode;
  schema: object;
}

export function validatorKey(spec: ValidatorSpec): string {
  return `${spec.mode} ${JSON.stringify(spec.schema)}`;
}
