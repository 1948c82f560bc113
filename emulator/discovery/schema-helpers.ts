// Tiny builders for the JSON Schema (2020-12, as OpenAPI 3.1 uses) of the discovery table.

export type Schema = Record<string, unknown>;

export const str = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
export const int = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra });
export const num = (extra: Schema = {}): Schema => ({ type: 'number', ...extra });
export const bool = (extra: Schema = {}): Schema => ({ type: 'boolean', ...extra });
export const arr = (items: Schema, extra: Schema = {}): Schema => ({ type: 'array', items, ...extra });
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const anyObject = (extra: Schema = {}): Schema => ({ type: 'object', ...extra });
export const oneOf = (...schemas: Schema[]): Schema => ({ oneOf: schemas });

/** `type: [T, 'null']` for a plain typed schema; `oneOf [schema, null]` for a $ref. */
export function nullable(schema: Schema): Schema {
  const type = schema.type;
  if (typeof type === 'string') {
    const out: Schema = { ...schema, type: [type, 'null'] };
    if (Array.isArray(schema.enum)) out.enum = [...(schema.enum as unknown[]), null];
    return out;
  }
  return { oneOf: [schema, { type: 'null' }] };
}

/**
 * An object schema. Keys ending in `?` are optional; the rest are required.
 * `closed` forbids unknown keys (request bodies that the service validates strictly).
 */
export function obj(props: Record<string, Schema>, options: { closed?: boolean; description?: string } = {}): Schema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const [key, schema] of Object.entries(props)) {
    const optional = key.endsWith('?');
    const name = optional ? key.slice(0, -1) : key;
    properties[name] = schema;
    if (!optional) required.push(name);
  }
  const out: Schema = { type: 'object', properties };
  if (required.length > 0) out.required = required;
  if (options.closed) out.additionalProperties = false;
  if (options.description) out.description = options.description;
  return out;
}
