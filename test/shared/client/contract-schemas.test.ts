// The contract's schemas: each `*Schema` export with an `$id` is registered once, request bodies are
// closed and bound every text they carry, and the tolerant overlay names only fields the contract
// has, with placeholders its types allow.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import * as contract from '../../../shared/contract';
import { CONTRACT_SCHEMAS } from '../../../shared/contract';
import { ANSWER_SCHEMAS } from '../../../shared/validate/answers';
import { DISPLAY_DEFAULTS } from '../../../shared/validate/tolerance';
import { tolerantSchemas } from '../../../shared/validate/tolerant-schemas';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

describe('the contract schema registry', () => {
  it('holds every exported schema with an $id, under that $id', () => {
    const exported = Object.entries(contract)
      .filter(([name, value]) => name.endsWith('Schema') && isObject(value) && typeof (value as Json).$id === 'string')
      .map(([, value]) => (value as Json).$id as string)
      .sort();
    expect(Object.keys(CONTRACT_SCHEMAS).sort()).toEqual(exported);
  });

  it('compiles in Ajv strict mode, every $ref resolving to a registered schema', () => {
    const ajv = new Ajv({ strict: true, allowUnionTypes: true });
    // The one extension keyword the contract uses on purpose: a list's `limit` ceiling, capped rather than refused (schema-kit.ts).
    ajv.addKeyword({ keyword: 'x-maximum', schemaType: 'number' });
    for (const schema of Object.values(CONTRACT_SCHEMAS)) ajv.addSchema(schema);
    for (const id of Object.keys(CONTRACT_SCHEMAS)) expect(ajv.getSchema(id), id).toBeTypeOf('function');
  });

  it('names each checked answer by its schema $id', () => {
    for (const [name, schema] of Object.entries(ANSWER_SCHEMAS)) expect(schema.$id).toBe(name);
  });
});

describe('request bodies', () => {
  // ActionInput is open on purpose: each generic command's own inputSchema (list_capabilities) closes it.
  const bodies = Object.entries(CONTRACT_SCHEMAS).filter(([id]) => id.endsWith('Input') && id !== 'ActionInput');

  it('exist for every body the clients send', () => {
    expect(bodies.map(([id]) => id).sort()).toEqual(
      [
        'CreateDocInput',
        'CreateTaskInput',
        'EditMessageInput',
        'PatchAutomationInput',
        'PatchDocInput',
        'PatchTaskInput',
        'PostMessageInput',
        'PutArtifactAddressInput',
        'PutBudgetInput',
        'PutEnvInput',
        'UpsertAutomationInput',
      ].sort(),
    );
  });

  /** Every string reachable in the schema (through $refs) carries a bound: maxLength, enum or const. */
  function unboundedStrings(schema: unknown, at: string, seen = new Set<string>()): string[] {
    if (Array.isArray(schema)) return schema.flatMap((s, i) => unboundedStrings(s, `${at}[${i}]`, seen));
    if (!isObject(schema)) return [];
    if (typeof schema.$ref === 'string') {
      if (seen.has(schema.$ref)) return [];
      seen.add(schema.$ref);
      return unboundedStrings(CONTRACT_SCHEMAS[schema.$ref], at, seen);
    }
    const out: string[] = [];
    if (schema.type === 'string' && schema.maxLength === undefined && schema.enum === undefined && schema.const === undefined) out.push(at);
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && isObject(value)) for (const [name, child] of Object.entries(value)) out.push(...unboundedStrings(child, `${at}.${name}`, seen));
      else if (key === 'items' || key === 'anyOf') out.push(...unboundedStrings(value, at, seen));
    }
    return out;
  }

  it.each(bodies)('%s refuses unknown fields and bounds every text', (_id, schema) => {
    expect(schema.additionalProperties).toBe(false);
    expect(unboundedStrings(schema, '')).toEqual([]);
  });

  it('refuses what the service would: blank or overlong text, an unknown field', () => {
    const ajv = new Ajv({ strict: false });
    for (const schema of Object.values(CONTRACT_SCHEMAS)) ajv.addSchema(schema);
    const post = ajv.getSchema('PostMessageInput');
    expect(post?.({ body: 'hello' })).toBe(true);
    expect(post?.({ body: 'hello', requestId: 'r-1' })).toBe(true);
    expect(post?.({ body: '   ' })).toBe(false);
    expect(post?.({ body: 'x'.repeat(contract.LIMITS.messageBodyMax + 1) })).toBe(false);
    expect(post?.({ body: 'hello', channel: 'general' })).toBe(false);
    const task = ajv.getSchema('PatchTaskInput');
    expect(task?.({ status: 'doing', assignee_user_id: null })).toBe(true);
    expect(task?.({ status: 'blocked' })).toBe(false);
  });
});

describe('the tolerant overlay', () => {
  it('names only fields of the contract, and every answer builds', () => {
    // The builder throws on an overlay field the contract does not have.
    expect(Object.keys(tolerantSchemas()).length).toBe(Object.keys(ANSWER_SCHEMAS).length);
    for (const id of Object.keys(DISPLAY_DEFAULTS)) expect(CONTRACT_SCHEMAS[id], id).toBeDefined();
  });

  it('fills placeholders the contract types allow (the checked value is honestly of its type)', () => {
    const ajv = new Ajv({ strict: false, useDefaults: true });
    for (const schema of Object.values(CONTRACT_SCHEMAS)) ajv.addSchema(schema);
    for (const [id, defaults] of Object.entries(DISPLAY_DEFAULTS)) {
      const properties = (CONTRACT_SCHEMAS[id] as Json).properties as Json;
      for (const [field, value] of Object.entries(defaults)) {
        const check = ajv.compile({ ...(properties[field] as Json), $id: undefined });
        // An object placeholder ({}) is filled from its own schema's defaults by the tolerant check.
        if (isObject(value) && Object.keys(value).length === 0) continue;
        expect(check(structuredClone(value)), `${id}.${field} = ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });
});
