import { describe, expect, it } from 'vitest';
import { compareWithService, RELIED_ON_COMMANDS } from '../../../shared/compat';

const message = { type: 'object', properties: { id: { type: 'string' }, created_at: { type: 'string' } } };
const page = (msg: unknown) => ({ type: 'object', properties: { messages: { type: 'array', items: msg }, hasMore: { type: 'boolean' }, cursor: { type: ['string', 'null'] } } });
const doc = (paths: Record<string, unknown>, schemas: Record<string, unknown> = {}) => ({ openapi: '3.1.0', paths, components: { schemas } });
const answer = (schema: unknown) => ({ get: { responses: { '200': { content: { 'application/json': { schema } } } } } });
const allCommands = RELIED_ON_COMMANDS.map((c) => c.name);

function finding(findings: ReturnType<typeof compareWithService>, subject: string) {
  return findings.find((f) => f.subject === subject);
}

describe('compareWithService', () => {
  it('follows $ref and allOf, and finds every field the client needs', () => {
    const f = compareWithService(
      doc({ '/api/v1/channels/{id}/messages': answer({ $ref: '#/components/schemas/Page' }) }, { Page: { allOf: [page({ $ref: '#/components/schemas/M' })] }, M: message }),
      allCommands,
    );
    expect(finding(f, 'GET /api/v1/channels/{id}/messages')).toEqual({ ok: true, subject: 'GET /api/v1/channels/{id}/messages', detail: 'every field the client needs is there' });
  });

  it('names a missing nested field, a field typed differently and an endpoint not offered', () => {
    const noTime = { type: 'object', properties: { id: { type: 'string' } } };
    const f = compareWithService(
      doc({
        '/api/v1/channels/{id}/messages': answer(page(noTime)),
        '/api/v1/runs/{id}/events': answer({ type: 'object', properties: { events: { type: 'array', items: {} }, nextAfter: { type: 'string' }, hasMore: { type: 'boolean' } } }),
      }),
      allCommands,
    );
    expect(finding(f, 'GET /api/v1/channels/{id}/messages')?.detail).toMatch(/^no field "messages\[\]\.created_at": reading channels/);
    expect(finding(f, 'GET /api/v1/runs/{id}/events')?.detail).toMatch(/"nextAfter" is string there; the client needs integer/);
    expect(finding(f, 'GET /api/v1/docs/{id}')).toMatchObject({ ok: false, detail: expect.stringContaining("not in the service's OpenAPI document") });
  });

  it('an answer without a published schema is offered, not compared; a free-form object passes', () => {
    const f = compareWithService(doc({ '/api/v1/me': { get: { responses: { '200': { description: 'OK' } } } }, '/api/v1/tasks': answer({ type: 'object' }) }), allCommands);
    expect(finding(f, 'GET /api/v1/me')).toMatchObject({ ok: true, detail: expect.stringContaining('no published schema') });
    expect(finding(f, 'GET /api/v1/tasks')?.ok).toBe(true);
  });

  it('names a command list_capabilities does not offer, and says when the list could not be read', () => {
    const missing = compareWithService(doc({}), allCommands.filter((n) => n !== 'get_task'));
    expect(finding(missing, 'command get_task')).toMatchObject({ ok: false, detail: expect.stringContaining('task details') });
    const unread = compareWithService(doc({}), null);
    expect(finding(unread, 'command move_doc')?.detail).toContain('could not be read');
  });
});
