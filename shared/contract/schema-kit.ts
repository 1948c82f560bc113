// Builders for the wire schemas: JSON Schema objects (TypeBox) whose TypeScript types are derived
// with Static<>. A shared part has an `$id` and is used through ref(), so it is written once and
// reaches the OpenAPI document as one component.
import {
  Array as ArrayOf,
  Boolean as BooleanType,
  Integer,
  Literal,
  Null,
  Number as NumberType,
  Object as ObjectType,
  Optional,
  Ref,
  String as StringType,
  Union,
  Unknown,
  Unsafe,
  type SchemaOptions,
  type Static,
  type TProperties,
  type TSchema,
} from '@sinclair/typebox';
import { LIMITS } from './limits';

export type { Static, TSchema };

/**
 * The TypeBox builders the contract uses, by name (not TypeBox's whole `Type` namespace): a bundle
 * then carries only these, which keeps a one-shot command's start-up as it was.
 */
export const Type = {
  Array: ArrayOf,
  Boolean: BooleanType,
  Integer,
  Literal,
  Null,
  Number: NumberType,
  Object: ObjectType,
  Optional,
  Ref,
  String: StringType,
  Union,
  Unknown,
  Unsafe,
};

/** `{ $ref: '<id>' }` to a schema with an `$id`, typed as that schema. */
export function ref<T extends TSchema>(schema: T): TSchema & { static: Static<T> } {
  if (!schema.$id) throw new Error('ref() needs a schema with an $id');
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id));
}

/** The schema or null. */
export const nullable = <T extends TSchema>(schema: T, options: SchemaOptions = {}) => Type.Union([schema, Type.Null()], options);

/** One of a few strings, as a JSON Schema `enum` (what OpenAPI readers and form builders expect). */
export const stringEnum = <const T extends readonly string[]>(values: T, options: SchemaOptions = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** Free text a person writes, bounded. */
export const text = (maxLength: number, options: SchemaOptions = {}) => Type.String({ maxLength, ...options });

/**
 * Text that must say something (at least one non-space character), bounded. The example is what a
 * mock generated from the OpenAPI document sends or answers (a pattern alone gives it nothing valid).
 */
export const requiredText = (maxLength: number, options: SchemaOptions = {}) => Type.String({ minLength: 1, maxLength, pattern: '\\S', examples: ['Ship the release notes'], ...options });

/** An id the service issued (uuid or its own form); bounded so a hostile value cannot grow a query. */
export const id = (options: SchemaOptions = {}) => Type.String({ minLength: 1, maxLength: LIMITS.idMax, ...options });

export const timestamp = (options: SchemaOptions = {}) => Type.String({ description: 'ISO 8601 timestamp (microseconds kept)', ...options });

/**
 * A request body: unknown properties are refused, and every mutation may carry `requestId`
 * (the spec: "Every mutation accepts optional requestId (string, max 160)").
 */
export function requestBody<T extends TProperties>(properties: T, options: SchemaOptions) {
  return Type.Object(
    { ...properties, requestId: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.requestIdMax })) },
    { additionalProperties: false, ...options },
  );
}

/** Query parameters of one endpoint (integers as integers: validate query strings with type coercion). */
export function queryParameters<T extends TProperties>(properties: T, options: SchemaOptions) {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

/**
 * `limit`: at least 1; larger than `max` is capped by the service, not refused. `x-maximum` publishes
 * the cap in the OpenAPI document (a `maximum` would say larger values are refused), so a client
 * asks for the whole list a single answer can hold without writing the figure in.
 */
export const limitParameter = (fallback: number, max: number) =>
  Type.Integer({ minimum: 1, 'x-maximum': max, description: `Page size; default ${fallback}, values above ${max} are capped.` });

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The schema with every `$ref: '<id>'` replaced by the registered schema it names (and `$id`s
 * dropped), as one self-contained plain JSON object. `byId` is CONTRACT_SCHEMAS.
 */
export function derefSchema(schema: unknown, byId: Readonly<Record<string, unknown>>, seen: readonly string[] = []): Json {
  const walk = (node: unknown, path: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, path));
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string') {
      const target = byId[node.$ref];
      if (target === undefined) throw new Error(`no contract schema with $id "${node.$ref}"`);
      if (path.includes(node.$ref)) throw new Error(`contract schema "${node.$ref}" refers to itself`);
      const { $ref: _ref, ...siblings } = node;
      return { ...(walk(target, [...path, node.$ref]) as Json), ...siblings };
    }
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$id') continue;
      out[k] = k === 'default' || k === 'enum' || k === 'const' || k === 'examples' ? v : walk(v, path);
    }
    return out;
  };
  return walk(schema, seen) as Json;
}
