// One schema drives the service's side of the contract: a field added to a route's body schema
// appears in the TypeScript type, the service's request validation, the OpenAPI document and the
// MCP tool input, with nothing else edited. (The client's half: test/shared/client.)
import { describe, expect, it } from 'vitest';
import { PATHS, PostMessageInputSchema, Type, type Static } from '../../../shared/contract';
import { buildOpenApi } from '../../../emulator/discovery/openapi';
import { validateRequest } from '../../../emulator/http/request-schemas';
import { toolInputSchema } from '../../../emulator/mcp/tool-list';
import { WORKSPACE_TOOLS } from '../../../emulator/mcp/tools';
import { modules } from '../../../emulator/routes';
import type { Route } from '../../../emulator/types';
import { prepareValidators } from '../../../emulator/validators/compiled';
import { requiredValidators } from '../../../emulator/validators/required';

/** The post-message body with one more field, as someone editing shared/contract/messages.ts would write it. */
const WithMood = Type.Object({ ...PostMessageInputSchema.properties, mood: Type.Optional(Type.String({ maxLength: 3 })) }, { $id: 'PostMessageInput', additionalProperties: false });

const original = modules.flatMap((m) => m.routes ?? []);
const postRoute = original.find((r) => r.method === 'POST' && r.path === PATHS.channelMessages(':id')) as Route;
const changedRoute: Route = { ...postRoute, body: WithMood };
const changed = original.map((r) => (r === postRoute ? changedRoute : r));
// Registering a route table makes its validators ready (as createEmulator does).
prepareValidators(requiredValidators([postRoute, changedRoute], []));
const postTool = WORKSPACE_TOOLS.find((t) => t.name === 'post_message')!;

function refusal(route: Route, body: unknown): string | null {
  try {
    validateRequest(route, { id: 'c1' }, new URLSearchParams(), body);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('one schema per wire shape (service side)', () => {
  it('the TypeScript type follows the schema', () => {
    const withMood: Static<typeof WithMood> = { body: 'hi', mood: 'ok' };
    // @ts-expect-error mood is not a field of the schema in use
    const without: Static<typeof PostMessageInputSchema> = { body: 'hi', mood: 'ok' };
    expect([withMood.mood, without.body]).toEqual(['ok', 'hi']);
  });

  it('the service validates with it', () => {
    expect(refusal(postRoute, { body: 'hi', mood: 'ok' })).toMatch(/Unknown field: mood/);
    expect(refusal(changedRoute, { body: 'hi', mood: 'ok' })).toBeNull();
    expect(refusal(changedRoute, { body: 'hi', mood: 'sunny' })).toMatch(/mood is longer than 3 characters/);
  });

  it('the OpenAPI document describes it', () => {
    const before = buildOpenApi(original) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    const after = buildOpenApi(changed) as typeof before;
    expect(before.components.schemas.PostMessageInput!.properties.mood).toBeUndefined();
    expect(after.components.schemas.PostMessageInput!.properties.mood).toEqual({ type: 'string', maxLength: 3 });
  });

  it('the MCP tool input offers it, bounded the same way', () => {
    expect(toolInputSchema(postTool, postRoute).properties.mood).toBeUndefined();
    expect(toolInputSchema(postTool, changedRoute).properties.mood).toEqual({ type: 'string', maxLength: 3 });
    expect(toolInputSchema(postTool, changedRoute).additionalProperties).toBe(false);
  });
});
