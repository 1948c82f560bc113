// The schemas the client validates answers with: each contract answer schema with its `$ref`s
// inlined and the tolerant overlay (tolerance.ts) applied. Plain JSON, for Ajv at run time
// (validators.ts) and ahead of time (scripts/precompiled-validators.mjs). A part used in several
// answers (Message, Author) is one object, so the precompiler generates its code once.
import { CONTRACT_SCHEMAS } from '../contract';
import { ANSWER_NAMES, ANSWER_SCHEMAS, type AnswerName } from './answers';
import { DISPLAY_MARK } from './display-fields';
import { DERIVED_FIELDS, DISPLAY_DEFAULTS } from './tolerance';

export type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);


const allowsNull = (schema: JsonObject): boolean =>
  schema.type === 'null' ||
  (Array.isArray(schema.type) && schema.type.includes('null')) ||
  (Array.isArray(schema.anyOf) && schema.anyOf.some((s) => isObject(s) && allowsNull(s)));

/** Bounds on text and lists the contract sets for what clients send; answers are read whatever their length or form. */
const REQUEST_ONLY_KEYS = new Set(['minLength', 'maxLength', 'pattern', 'minItems', 'maxItems']);

const SCHEMA_KEYS = new Set(['properties', 'items', 'anyOf', 'oneOf', 'allOf', 'not', 'additionalProperties', 'patternProperties']);

/**
 * `anyOf: [{type: T, …}, {type: 'null'}]` as `{type: [T, 'null'], …}`: the same check, with less
 * generated code (the precompiled validators are parsed at every start of a one-shot command).
 */
function simplerNullable(schema: JsonObject): JsonObject {
  const branches = schema.anyOf as unknown[];
  if (branches.length !== 2) return schema;
  const nullAt = branches.findIndex((b) => isObject(b) && b.type === 'null' && Object.keys(b).length === 1);
  const other = branches[1 - nullAt];
  if (nullAt < 0 || !isObject(other) || typeof other.type !== 'string' || 'anyOf' in other || 'const' in other) return schema;
  const { anyOf: _branches, ...rest } = schema;
  const merged: JsonObject = { ...other, ...rest, type: [other.type, 'null'] };
  if (Array.isArray(other.enum)) merged.enum = [...(other.enum as unknown[]), null];
  return merged;
}

const isStringEnum = (node: JsonObject): boolean =>
  Array.isArray(node.enum) && (node.type === 'string' || (Array.isArray(node.type) && node.type.includes('string')) || (node.type === undefined && node.enum.every((v) => typeof v === 'string' || v === null)));

const withoutUndefined = (o: JsonObject): JsonObject => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** Builds tolerant schemas from a registry of contract schemas and an overlay (the real ones by default). */
export class TolerantSchemaBuilder {
  readonly #byId = new Map<string, JsonObject>();
  readonly #building = new Set<string>();

  constructor(
    private readonly registry: Readonly<Record<string, unknown>> = CONTRACT_SCHEMAS,
    private readonly defaults: Readonly<Record<string, Readonly<JsonObject>>> = DISPLAY_DEFAULTS,
    private readonly derivedFields: Readonly<Record<string, readonly string[]>> = DERIVED_FIELDS,
  ) {}

  byId(schemaId: string): JsonObject {
    const done = this.#byId.get(schemaId);
    if (done) return done;
    const source = this.registry[schemaId];
    if (!source) throw new Error(`no contract schema with $id "${schemaId}"`);
    if (this.#building.has(schemaId)) throw new Error(`contract schema "${schemaId}" refers to itself`);
    this.#building.add(schemaId);
    const derived = Object.fromEntries((this.derivedFields[schemaId] ?? []).map((name) => [name, '']));
    const overlay = this.defaults[schemaId] || this.derivedFields[schemaId] ? { ...this.defaults[schemaId], ...derived } : undefined;
    const built = this.#node(source, overlay, schemaId, new Set(Object.keys(derived)));
    this.#building.delete(schemaId);
    this.#byId.set(schemaId, built);
    return built;
  }

  #node(node: unknown, overlay: Readonly<JsonObject> | undefined, owner: string, derived: ReadonlySet<string> = new Set()): JsonObject {
    if (!isObject(node)) return node as JsonObject;
    if (typeof node.$ref === 'string') {
      const { $ref, ...siblings } = node;
      const target = this.byId($ref);
      return Object.keys(siblings).length === 0 ? target : { ...target, ...siblings };
    }
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$id') continue;
      if (key === 'additionalProperties' && value === false) continue;
      if (REQUEST_ONLY_KEYS.has(key)) continue;
      // A string of a few known values (a task's status, a command's risk, a channel's kind) reads
      // any string in an answer: a service may add values, and the faces show what they do not know
      // as it is (sanitised) rather than refusing the whole answer or showing another value.
      if (key === 'enum' && isStringEnum(node)) continue;
      if (key === 'properties' && isObject(value)) out.properties = this.#properties(node, value, overlay, owner, derived);
      else if (SCHEMA_KEYS.has(key)) out[key] = Array.isArray(value) ? value.map((v) => this.#node(v, undefined, owner)) : this.#node(value, undefined, owner);
      else out[key] = value;
    }
    if (Array.isArray(out.anyOf)) return simplerNullable(out);
    if (overlay) {
      const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
      const properties = isObject(node.properties) ? node.properties : {};
      for (const name of Object.keys(overlay)) if (!(name in properties)) throw new Error(`tolerance for ${owner}: the contract has no field "${name}"`);
      const stillRequired = [...required].filter((name) => !(name in overlay) && !allowsNull(this.#node(properties[name], undefined, owner)));
      if (stillRequired.length > 0) out.required = stillRequired;
      else delete out.required;
    } else if (Array.isArray(node.required) && isObject(node.properties)) {
      const properties = node.properties;
      const stillRequired = (node.required as string[]).filter((name) => !allowsNull(this.#node(properties[name], undefined, owner)));
      if (stillRequired.length > 0) out.required = stillRequired;
      else delete out.required;
    }
    return out;
  }

  #properties(node: JsonObject, properties: JsonObject, overlay: Readonly<JsonObject> | undefined, owner: string, derived: ReadonlySet<string>): JsonObject {
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    const out: JsonObject = {};
    for (const [name, schema] of Object.entries(properties)) {
      const built = this.#node(schema, undefined, owner);
      if (overlay && name in overlay) {
        const mark = required.has(name) && !derived.has(name) ? { [DISPLAY_MARK]: true } : {};
        out[name] = withoutUndefined({ ...built, default: overlay[name], ...mark });
      } else if (allowsNull(built)) {
        out[name] = { ...built, default: null };
      } else {
        out[name] = built;
      }
    }
    return out;
  }
}

let built: Readonly<Record<AnswerName, JsonObject>> | undefined;

/** Every answer's tolerant schema, built once. */
export function tolerantSchemas(): Readonly<Record<AnswerName, JsonObject>> {
  if (!built) {
    const builder = new TolerantSchemaBuilder();
    built = Object.fromEntries(ANSWER_NAMES.map((name) => [name, builder.byId(ANSWER_SCHEMAS[name].$id ?? name)])) as Record<AnswerName, JsonObject>;
  }
  return built;
}
