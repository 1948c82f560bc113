// Validates action inputs against the published schemas with ajv (validators made ready when the
// routes are registered: validators/required.ts). Query-string inputs (GET) are coerced by the
// schema first; JSON bodies (POST) are taken as sent.
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from '../../shared/contract';
import { preparedValidator } from '../validators/compiled';

export type InputCheck = { ok: true; value: Record<string, unknown> } | { ok: false; message: string; hint: string };

function describe(error: ErrorObject, command: string): { message: string; hint: string } {
  const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'input';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return {
        message: `Unknown input key '${String(params.additionalProperty)}' for ${command}${field === 'input' ? '' : ` in ${field}`}.`,
        hint: `Remove '${String(params.additionalProperty)}'; list_capabilities shows the accepted keys.`,
      };
    case 'required':
      return { message: `Missing required input '${String(params.missingProperty)}' for ${command}.`, hint: 'Send every required key listed by list_capabilities.' };
    case 'const':
      if (field === 'confirm') {
        return {
          message: `The confirmation phrase for ${command} does not match.`,
          hint: `Send confirm exactly as '${String(params.allowedValue)}' (same case and spaces).`,
        };
      }
      return { message: `${field} must be '${String(params.allowedValue)}'.`, hint: 'Send the exact value.' };
    case 'pattern': {
      const described = (error.parentSchema as JsonSchema | undefined)?.description;
      return { message: `${field} is not in the accepted form.`, hint: described ? `${field}: ${described}` : `Fix ${field}.` };
    }
    case 'format':
      return { message: `${field} is not a valid ${String(params.format)}.`, hint: `Send ${field} as a ${String(params.format)}.` };
    default:
      return { message: `${field} ${error.message ?? 'is invalid'}.`, hint: `Fix ${field} as list_capabilities describes for ${command}.` };
  }
}

/** Validates (and for queries, coerces) an input; defaults from the schema are filled in. */
export function validateInput(command: string, schema: JsonSchema, input: unknown, from: 'body' | 'query'): InputCheck {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, message: `The input of ${command} must be a JSON object.`, hint: 'Send a JSON object body.' };
  }
  const value = structuredClone(input) as Record<string, unknown>;
  const fn = preparedValidator({ schema, mode: from === 'body' ? 'input-body' : 'input-query' });
  if (fn(value)) return { ok: true, value };
  const first = fn.errors?.[0];
  return first ? { ok: false, ...describe(first, command) } : { ok: false, message: `Invalid input for ${command}.`, hint: 'Check list_capabilities.' };
}

/** Query params arrive as strings; a repeated key becomes an array. Schema coercion does the rest. */
export function queryToInput(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}
