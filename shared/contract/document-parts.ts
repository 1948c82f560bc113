// Small parts of the OpenAPI document and the MCP tool inputs that are not a resource's shape:
// the path id, the idempotency key, plain header values, an error answer with its code fixed, and
// a closed tool input. Plain JSON Schema objects built here, so nothing outside contract/ writes one.
import { LIMITS } from './limits';

/** A path id as the service accepts it (bounded; longer is 400). */
export const pathIdSchema = (description: string) => ({ type: 'string', minLength: 1, maxLength: LIMITS.idMax, description });

/** The Idempotency-Key header, and the idempotency_key argument of an MCP write. */
export const IDEMPOTENCY_KEY_DESCRIPTION =
  'A stable key (a UUID works) for this write: repeating it with the same key and arguments replays the first answer instead of writing twice.';
export const idempotencyKeySchema = () => ({ type: 'string', minLength: 1, maxLength: LIMITS.requestIdMax, description: IDEMPOTENCY_KEY_DESCRIPTION });

/** A header or text answer carrying a plain string or a whole number. */
export const plainStringSchema = () => ({ type: 'string' });
export const plainIntegerSchema = () => ({ type: 'integer' });

/** The error body of one status: the Error component with its code fixed. */
export const errorAnswerSchema = (errorRef: string, code: string) => ({
  allOf: [{ $ref: errorRef }, { type: 'object', properties: { error: { type: 'object', properties: { code: { const: code } } } } }],
});

/** An MCP tool's input: the given properties and nothing else. */
export interface ToolInputSchema {
  type: 'object';
  properties: Record<string, object>;
  required?: string[];
  additionalProperties: false;
}
export function closedInputSchema(properties: Record<string, object>, required: string[]): ToolInputSchema {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}
