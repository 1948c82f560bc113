// One schema, everything derived: changing one field of the contract's Message schema changes the
// client's validation of every answer that holds messages, the fields `wsc doctor` compares, and
// the self-contained form the MCP tool inputs and the OpenAPI document are made from.
import { Ajv } from 'ajv';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CONTRACT_SCHEMAS,
  derefSchema,
  messageFields,
  MessageSchema,
  nullable,
  Type,
  type Message,
  type MessagesPage,
  type Static,
} from '../../../shared/contract';
import { TolerantSchemaBuilder } from '../../../shared/validate/tolerant-schemas';
import { checkResponse } from '../../../shared/validate/check';

type Json = Record<string, unknown>;

/** The registry with Message's `body` renamed `text` (and `via` no longer nullable): one edit. */
const EditedMessageSchema = Type.Object(
  { ...messageFields, body: Type.Optional(Type.String()), text: Type.String(), via: Type.String() },
  { $id: 'Message' },
);
const edited = { ...CONTRACT_SCHEMAS, Message: EditedMessageSchema };

const message = (extra: Json = {}): Json => ({
  id: 'm1',
  channel_id: 'c1',
  parent_id: null,
  author: { id: 'u1', kind: 'person', name: 'Ann', handle: 'ann' },
  created_at: '2026-11-20T10:00:00.000000Z',
  edited_at: null,
  reply_count: 0,
  url: 'https://x/m1',
  ...extra,
});
const page = (m: Json): Json => ({ messages: [m], hasMore: false, cursor: null });

function validatorOf(registry: Readonly<Record<string, unknown>>, answer: string) {
  const schema = new TolerantSchemaBuilder(registry).byId(answer);
  return new Ajv({ strict: false, useDefaults: true }).compile(schema);
}

describe('one edit to the Message schema', () => {
  // A mention row is a message plus its own fields, built from the same field record (messageFields)
  // in the source; this edit replaces only the registered Message, so it is checked through the
  // answers that refer to Message itself.
  it('changes the client validation of every answer holding messages (page, thread, search)', () => {
    for (const name of ['MessagesPage', 'Thread', 'SearchResponse']) {
      const before = validatorOf(CONTRACT_SCHEMAS, name);
      const after = validatorOf(edited, name);
      const wrap = (m: Json): Json =>
        name === 'MessagesPage'
          ? page(m)
          : name === 'Thread'
            ? { root: m, replies: [], hasMore: false, cursor: null }
            : { hits: [m] };
      // `text` is required now (nothing fills it): an answer without it is refused…
      expect(after(structuredClone(wrap(message({ body: 'hello', via: 'cli' })))), name).toBe(false);
      // …and one with it accepted; the unchanged schema accepts either (body has a placeholder).
      expect(after(structuredClone(wrap(message({ text: 'hello', via: 'cli' })))), name).toBe(true);
      expect(before(structuredClone(wrap(message({ text: 'hello', via: 'cli' })))), name).toBe(true);
    }
    // `via` is no longer nullable, so a null is refused where it was read as null before.
    expect(validatorOf(edited, 'MessagesPage')(structuredClone(page(message({ text: 'x', via: null }))))).toBe(false);
    expect(validatorOf(CONTRACT_SCHEMAS, 'MessagesPage')(structuredClone(page(message({ via: null }))))).toBe(true);
  });

  it('changes the fields wsc doctor compares with the service (the required list is derived)', () => {
    const required = (registry: Readonly<Record<string, unknown>>) => {
      const items = ((new TolerantSchemaBuilder(registry).byId('MessagesPage').properties as Json).messages as Json).items as Json;
      return [...(items.required as string[])].sort();
    };
    expect(required(CONTRACT_SCHEMAS)).toEqual(['created_at', 'id']);
    expect(required(edited)).toEqual(['created_at', 'id', 'text', 'via']);
  });

  it('changes the self-contained schema that MCP tool inputs and OpenAPI components are made from', () => {
    const before = derefSchema(CONTRACT_SCHEMAS.MessagesPage, CONTRACT_SCHEMAS) as { properties: { messages: { items: Json } } };
    const after = derefSchema(CONTRACT_SCHEMAS.MessagesPage, edited) as { properties: { messages: { items: Json } } };
    expect(Object.keys(before.properties.messages.items.properties as Json)).toContain('body');
    expect(Object.keys(after.properties.messages.items.properties as Json)).toContain('text');
    expect(after.properties.messages.items.required).toContain('text');
    expect(before.properties.messages.items.required).not.toContain('text');
  });

  it('the TypeScript type is the schema (a change to the schema is a change to the type)', () => {
    expectTypeOf<Message>().toEqualTypeOf<Static<typeof MessageSchema>>();
    expectTypeOf<Static<typeof EditedMessageSchema>['text']>().toEqualTypeOf<string>();
    expectTypeOf<Static<typeof EditedMessageSchema>['via']>().toEqualTypeOf<string>();
    expectTypeOf<Message['via']>().toEqualTypeOf<string | null>();
    expectTypeOf(nullable(Type.String())).toMatchTypeOf<object>();
    // checkResponse's answer type is the schema's type, by name: no cast at the call site.
    expectTypeOf(checkResponse<'MessagesPage'>).returns.resolves.toEqualTypeOf<MessagesPage>();
  });
});
