/**
 * The one checker of webview messages, both directions, for every panel. A protocol declares each
 * message type's fields once (a table of field checks); `messageChecker` turns the table into a
 * parse function that accepts exactly those shapes: a known `type`, every field valid, optional
 * fields absent or valid, no other keys. Anything else is null (never an exception: webview
 * messages are plain JSON data).
 *
 * vscode-free, DOM-free, no imports: webview scripts (media/) bundle it through the protocols.
 */

/** One field's test. */
export type FieldCheck = (value: unknown) => boolean;

/** A field that may be left out (or be `undefined`); when present it must pass `check`. */
export interface OptionalField {
  readonly optional: FieldCheck;
}

export type FieldSpec = FieldCheck | OptionalField;

/** Every key of every variant of `M` but `type` (distributes over unions, so no field is missed). */
type FieldNames<M> = M extends unknown ? Exclude<keyof M, 'type'> : never;

/** One entry per message type, listing exactly that message's fields (the compiler checks both). */
export type MessageShapes<U extends { type: string }> = {
  [K in U['type']]: { [F in FieldNames<Extract<U, { type: K }>>]-?: FieldSpec };
};

const own = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parse function of one direction of one panel's message union. */
export function messageChecker<U extends { type: string }>(shapes: MessageShapes<U>): (data: unknown) => U | null {
  const table = shapes as unknown as Record<string, Record<string, FieldSpec>>;
  return (data) => {
    if (!isObject(data) || typeof data.type !== 'string' || !own(table, data.type)) return null;
    return fieldsMatch(table[data.type] as Record<string, FieldSpec>, data, 'type') ? (data as unknown as U) : null;
  };
}

/** A check for a nested object of exactly these fields (e.g. a row inside a message). */
export function objectOf(fields: Record<string, FieldSpec>): FieldCheck {
  return (value) => isObject(value) && fieldsMatch(fields, value);
}

function fieldsMatch(fields: Record<string, FieldSpec>, record: Record<string, unknown>, allowedExtra?: string): boolean {
  for (const key of Object.keys(record)) {
    if (key !== allowedExtra && !own(fields, key)) return false;
  }
  for (const [key, spec] of Object.entries(fields)) {
    const value = own(record, key) ? record[key] : undefined;
    if (typeof spec === 'function') {
      if (!spec(value)) return false;
    } else if (value !== undefined && !spec.optional(value)) {
      return false;
    }
  }
  return true;
}

// ---- field checks the protocols build on -----------------------------------------------------

export const optional = (check: FieldCheck): OptionalField => ({ optional: check });
export const nullable = (check: FieldCheck): FieldCheck => (value) => value === null || check(value);
export const oneOf = (values: readonly string[]): FieldCheck => (value) => typeof value === 'string' && values.includes(value);
export const arrayOf = (check: FieldCheck): FieldCheck => (value) => Array.isArray(value) && value.every(check);

export const isString: FieldCheck = (value) => typeof value === 'string';
export const isBoolean: FieldCheck = (value) => typeof value === 'boolean';
export const isArray: FieldCheck = (value) => Array.isArray(value);
/** A whole number >= 0. */
export const isCount: FieldCheck = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
/** Any JSON value; only a missing field fails (the host checks the value itself, e.g. a form draft). */
export const isPresent: FieldCheck = (value) => value !== undefined;

/** A non-empty string of at most `max` characters. */
export const textUpTo =
  (max: number): FieldCheck =>
  (value) =>
    typeof value === 'string' && value.length > 0 && value.length <= max;

/** A string of at most `max` characters that `pattern` accepts. */
export const matching =
  (pattern: RegExp, max = Number.POSITIVE_INFINITY): FieldCheck =>
  (value) =>
    typeof value === 'string' && value.length <= max && pattern.test(value);

/** The ids a webview may name (messages, automations, requests): no slashes, no spaces. */
export const isId = matching(/^[A-Za-z0-9_.:-]{1,200}$/);
