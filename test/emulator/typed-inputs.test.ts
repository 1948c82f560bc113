// Handlers receive their declared inputs validated, typed and defaulted (emulator/route.ts): the
// query as the route's schema declares it (coerced, undeclared names dropped, a limit above its
// x-maximum capped, the route's defaults filled in), the body as its schema declares it. The type
// checks below are checked by `tsc` (this file is in the project), so the typing cannot regress.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { LIMITS, MessagesQuerySchema, PATHS, PostMessageInputSchema } from '../../shared/contract';
import { ok } from '../../emulator/dispatch';
import { validateRequest } from '../../emulator/http/request-schemas';
import { route } from '../../emulator/route';
import { modules } from '../../emulator/routes';
import type { Route } from '../../emulator/types';
import { prepareValidators } from '../../emulator/validators/compiled';
import { requiredValidators } from '../../emulator/validators/required';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { api, expectError, IDS, TOKENS } from './support/api';

const routes = modules.flatMap((m) => m.routes ?? []);
const messagesRoute = routes.find((r) => r.method === 'GET' && r.path === PATHS.channelMessages(':id')) as Route;
prepareValidators(requiredValidators([messagesRoute], []));

function refusal(query: string): string | null {
  try {
    validateRequest(messagesRoute, { id: IDS.general }, new URLSearchParams(query), undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('typed route inputs', () => {
  it('the handler types follow the schemas, with defaulted parameters always present', () => {
    const typed = route({
      method: 'POST',
      path: '/typed/:id',
      query: MessagesQuerySchema,
      queryDefaults: { limit: 7 },
      body: PostMessageInputSchema,
      handler(ctx) {
        expectTypeOf(ctx.query.limit).toEqualTypeOf<number>();
        expectTypeOf(ctx.query.before).toEqualTypeOf<string | undefined>();
        expectTypeOf(ctx.body.body).toEqualTypeOf<string>();
        // @ts-expect-error `q` is not a parameter of MessagesQuerySchema
        void ctx.query.q;
        // @ts-expect-error the query is the declared object, not the raw URLSearchParams
        void ctx.query.get('limit');
        // @ts-expect-error `title` is not a field of PostMessageInputSchema
        void ctx.body.title;
        return ok({ limit: ctx.query.limit });
      },
    });
    route({
      method: 'GET',
      path: '/typed',
      query: MessagesQuerySchema,
      // @ts-expect-error a default for a parameter the schema does not declare
      queryDefaults: { nope: 1 },
      handler: () => ok({}),
    });
    route({
      method: 'GET',
      path: '/untyped',
      handler(ctx) {
        expectTypeOf(ctx.body).toEqualTypeOf<unknown>();
        // @ts-expect-error a route that declares no query has no query parameters to read
        void ctx.query.limit;
        return ok({});
      },
    });
    expect(typed.path).toBe('/typed/:id');
  });

  it('the query a handler gets: the default filled in, a limit above its maximum capped, undeclared names dropped', () => {
    expect(validateRequest(messagesRoute, { id: IDS.general }, new URLSearchParams(''), undefined).query).toEqual({ limit: LIMITS.messagesDefault });
    expect(validateRequest(messagesRoute, { id: IDS.general }, new URLSearchParams('limit=100000&junk=1'), undefined).query).toEqual({ limit: LIMITS.messagesMax });
    expect(validateRequest(messagesRoute, { id: IDS.general }, new URLSearchParams('limit=3&before=2026-01-01T00:00:00Z'), undefined).query).toEqual({
      limit: 3,
      before: '2026-01-01T00:00:00Z',
    });
  });

  it('a limit that is not a positive whole number is refused before the handler, naming the field', () => {
    expect(refusal('limit=0')).toBe('limit must be at least 1.');
    expect(refusal('limit=abc')).toBe('limit must be a whole number.');
    expect(refusal('limit=')).toBe('limit must be a whole number.');
  });
});

describe('typed route inputs over HTTP', () => {
  let em: TestEmulator;
  beforeAll(async () => {
    em = await startEmulator();
  });
  afterAll(() => em.stop());

  it('GET messages without limit answers the default page size; above the maximum is capped; 0 is a 400', async () => {
    const url = `/api/v1/channels/${IDS.random}/messages`;
    for (let i = 0; i <= LIMITS.messagesDefault; i++) {
      expect((await api(em.url, TOKENS.maria, 'POST', url, { body: `typed ${i}` })).status).toBe(201);
    }
    const page = (await api(em.url, TOKENS.maria, 'GET', url)).body;
    expect(page.messages).toHaveLength(LIMITS.messagesDefault);
    expect(page.hasMore).toBe(true);
    const capped = await api(em.url, TOKENS.maria, 'GET', `${url}?limit=100000`);
    expect(capped.status).toBe(200);
    expect(capped.body.messages.length).toBeGreaterThan(LIMITS.messagesDefault);
    const refused = await api(em.url, TOKENS.maria, 'GET', `${url}?limit=0`);
    expectError(refused, 400, 'invalid_request');
    expect(refused.body.error.message).toBe('limit must be at least 1.');
  });
});
