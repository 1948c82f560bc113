// Validates a request against its route's declaration before the handler runs (as fastify does
// with route schemas): path parameters, query parameters (strings coerced to the declared types;
// undeclared ones are ignored) and the JSON body (unknown fields refused). Each failure is a 400
// that names the field and says what to send. The validated query (with the route's defaults and
// declared caps) and body are what the handler receives. The validators are ready before any request
// (validators/compiled.ts).
import type { ErrorObject } from 'ajv';
import { LIMITS } from '../../shared/contract';
import { invalidRequest } from '../errors';
import type { ContractSchema, Route } from '../types';
import { preparedValidator } from '../validators/compiled';
import { isKindUnion, kindsOf } from '../validators/kind-union';

/** Declared properties of an object schema, for "send only" hints. */
function propertyNames(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props).filter((k) => k !== 'requestId') : [];
}

function describe(error: ErrorObject, where: 'body' | 'query'): { message: string; hint: string } {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = path || (where === 'body' ? 'The request body' : 'The query');
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const allowed = propertyNames(error.parentSchema);
      const name = String(p.additionalProperty);
      return {
        message: `Unknown field: ${path ? `${path}.` : ''}${name}.`,
        hint: allowed.length > 0 ? `Send only: ${allowed.join(', ')}.` : `Leave out ${name}.`,
      };
    }
    case 'required': {
      const name = `${path ? `${path}.` : ''}${String(p.missingProperty)}`;
      return where === 'query'
        ? { message: `${name} is required.`, hint: `Pass ${name} as a query parameter (?${name}=...).` }
        : { message: `${name} is required.`, hint: `Send {"${name}": ...} in the JSON body.` };
    }
    case 'type':
      if (!path && where === 'body') return { message: 'The request body must be a JSON object.', hint: 'Send a JSON object, e.g. {"body":"..."}.' };
      return { message: `${field} must be ${article(String(p.type))}.`, hint: `Send ${field} as ${article(String(p.type))}.` };
    case 'maxLength':
      return { message: `${field} is longer than ${String(p.limit)} characters.`, hint: `Shorten ${field} to at most ${String(p.limit)} characters.` };
    case 'minLength':
    case 'pattern':
      if (error.keyword === 'minLength' || (error.schema as string) === '\\S') {
        return { message: `${field} must not be empty.`, hint: `Send ${field} with some text.` };
      }
      {
        const form = (error.parentSchema as { description?: unknown } | undefined)?.description;
        return typeof form === 'string'
          ? { message: `${field} is not in the accepted form.`, hint: `Send ${field} as: ${form}` }
          : { message: `${field} is not in the accepted form.`, hint: `Send ${field} matching ${String(error.schema)}.` };
      }
    case 'enum':
      return { message: `${field} must be one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`, hint: `Send one of the listed values as ${field}.` };
    case 'minimum':
    case 'maximum':
      return { message: `${field} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(p.limit)}.`, hint: `Send ${field} within the allowed range.` };
    case 'minItems':
    case 'maxItems':
      return { message: `${field} must have ${error.keyword === 'minItems' ? 'at least' : 'at most'} ${String(p.limit)} items.`, hint: `Send ${field} with an allowed number of items.` };
    default:
      return { message: `${field} ${error.message ?? 'is invalid'}.`, hint: 'See the operation in GET /api/v1/openapi.json for what to send.' };
  }
}

function article(type: string): string {
  const word = type === 'integer' ? 'a whole number' : type === 'array' ? 'a JSON array' : type === 'object' ? 'a JSON object' : `a ${type}`;
  return word;
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const key of pointer.split('/').slice(1)) node = (node as Record<string, unknown> | null)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}

/**
 * A kind-tagged union (automation triggers and actions) that refused a value: Ajv reports the first
 * branch's complaint, which is about another kind. Say instead that the kind is unknown, or what
 * is wrong for the kind that was sent.
 */
function unionFailure(errors: ErrorObject[], root: unknown, where: 'body' | 'query'): ErrorObject | { message: string; hint: string } | null {
  const anyOf = errors.find((e) => e.keyword === 'anyOf');
  const branches: unknown = anyOf?.schema;
  if (!anyOf || !isKindUnion(branches)) return null;
  const value = valueAt(root, anyOf.instancePath);
  const kind = (value as { kind?: unknown } | null)?.kind;
  const branch = branches.find((b) => kindsOf(b).includes(kind));
  const path = `${anyOf.instancePath.replace(/^\//, '').replace(/\//g, '.')}.kind`;
  if (!branch) {
    const kinds = branches.flatMap(kindsOf).map(String);
    return { message: `${path} must be one of: ${kinds.join(', ')}.`, hint: `Send ${path} as one of the listed kinds.` };
  }
  const validate = preparedValidator({ schema: branch, mode: where });
  if (validate(value)) return null;
  const first = validate.errors?.[0];
  return first ? { ...first, instancePath: `${anyOf.instancePath}${first.instancePath}` } : null;
}

function check(schema: ContractSchema, value: unknown, where: 'body' | 'query'): void {
  const validate = preparedValidator({ schema, mode: where });
  if (validate(value)) return;
  const errors = validate.errors ?? [];
  const union = unionFailure(errors, value, where);
  const first = union && 'keyword' in union ? union : errors[0];
  const { message, hint } = union && !('keyword' in union) ? union : first ? describe(first, where) : { message: 'The request is not valid.', hint: 'See GET /api/v1/openapi.json.' };
  throw invalidRequest(message, hint);
}

/** Query strings as one object: the first value of each name (as URLSearchParams.get reads it). */
function queryObject(query: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of query) if (!(name in out)) out[name] = value;
  return out;
}

/** Declared integer parameters above their `x-maximum` are capped, not refused (limitParameter). */
function capToDeclaredMaximum(schema: ContractSchema, query: Record<string, unknown>): void {
  const props = (schema as { properties?: Record<string, { 'x-maximum'?: unknown }> }).properties ?? {};
  for (const [name, prop] of Object.entries(props)) {
    const max = prop['x-maximum'];
    const value = query[name];
    if (typeof max === 'number' && typeof value === 'number' && value > max) query[name] = max;
  }
}

export interface ValidatedRequest {
  /** The declared query: coerced, undeclared names dropped, capped, defaults filled in ({} when none is declared). */
  query: Record<string, unknown>;
  /** The body as validated ({} when none was sent) when a body is declared; else as parsed. */
  body: unknown;
}

/** Throws 400 invalid_request naming the first thing that does not match the route's declaration. */
export function validateRequest(route: Route, params: Record<string, string>, query: URLSearchParams, body: unknown): ValidatedRequest {
  for (const [name, value] of Object.entries(params)) {
    if (value.length > LIMITS.idMax) throw invalidRequest(`The ${name} in the path is longer than ${LIMITS.idMax} characters.`, 'Use an id exactly as the service returned it.');
  }
  let declaredQuery: Record<string, unknown> = {};
  if (route.query) {
    // Ajv coerces the strings and drops undeclared names in place (coerceTypes, removeAdditional).
    declaredQuery = queryObject(query);
    check(route.query, declaredQuery, 'query');
    capToDeclaredMaximum(route.query, declaredQuery);
    declaredQuery = { ...route.queryDefaults, ...declaredQuery };
  }
  if (!route.body) return { query: declaredQuery, body };
  const declaredBody = body ?? {};
  check(route.body, declaredBody, 'body');
  return { query: declaredQuery, body: declaredBody };
}
