// GET /api, the OpenAPI document (checked by a real validator and against the spec's endpoint
// table and the service's own routes), and the /docs/api pages.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from '../../../emulator/discovery/reference';
import { SPEC_MARKDOWN } from '../../../emulator/discovery/spec-text';
import { openApiPath, publicRoutes } from '../../../emulator/discovery/openapi';
import { modules } from '../../../emulator/routes';
import type { DiscoveryDocument } from '../../../shared/contract';
import { startEmulator, type TestEmulator } from '../../support/emulator';

type OpenApi = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { security?: unknown[]; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas: Record<string, unknown> };
};

let emu: TestEmulator;
let doc: OpenApi;

beforeAll(async () => {
  emu = await startEmulator();
  const res = await fetch(`${emu.url}/api/v1/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await res.json()) as OpenApi;
});
afterAll(async () => {
  await emu.stop();
});

/** `| GET /api/v1/channels/{id}/messages | ...` rows of the spec's Endpoints table. */
function specEndpoints(): { method: string; path: string }[] {
  const section = SPEC_MARKDOWN.split('## Endpoints')[1]?.split('\n### ')[0] ?? '';
  return [...section.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) (\/\S+) \|/gm)].map((m) => ({ method: m[1]!, path: m[2]! }));
}

/** Any path parameter as `{}`: OpenAPI `{id}`, router `:id`, and PATHS-built `%3Aid`. */
const shape = (path: string): string =>
  path
    .replace(/\{[^}]+\}/g, '{}')
    .replace(/\/:[^/]+/g, '/{}')
    .replace(/\/%3A[^/]+/gi, '/{}');

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1 according to a real validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.info.version).toBe('1');
  });

  it('covers every row of the spec endpoint table', () => {
    const rows = specEndpoints();
    expect(rows.length).toBeGreaterThanOrEqual(35);
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${shape(p)}`)));
    const missing = rows.map((r) => `${r.method} ${shape(r.path)}`).filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
  });

  it('is generated from the route table: one operation per declared route, nothing else', () => {
    const routes = publicRoutes(modules.flatMap((m) => m.routes ?? []));
    const declared = routes.map((r) => `${r.method} ${openApiPath(r.path)}`).sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    expect(documented).toEqual(declared);
    // Every route outside the control API and the MCP endpoint is declared (summary, tag, answer).
    const undeclared = modules
      .flatMap((m) => m.routes ?? [])
      .filter((r) => !r.internal && (!r.summary || !r.tag || !r.answer))
      .map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
    const internalOutsideControl = modules.flatMap((m) => m.routes ?? []).filter((r) => r.internal && !r.path.startsWith('/_emulator'));
    expect(internalOutsideControl).toEqual([]);
  });

  it('declares 401, 403 and 429 on every operation that takes a token, and 403 on creating and updating tasks', () => {
    const missing: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if ((op.security ?? []).length === 0) continue;
        for (const status of ['401', '403', '429']) if (!op.responses[status]) missing.push(`${method.toUpperCase()} ${p} ${status}`);
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths['/api/v1/tasks']!.post!.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '429']));
    expect(Object.keys(doc.paths['/api/v1/tasks/{id}']!.patch!.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '429']));
  });

  it('ties each error answer to its code, and bounds free text in queries and bodies', () => {
    const search = doc.paths['/api/v1/search']!.get!;
    const codeOf = (status: string) =>
      JSON.stringify((search.responses[status] as { content: Record<string, { schema: unknown }> }).content['application/json']!.schema);
    expect(codeOf('429')).toContain('"const":"rate_limited"');
    expect(codeOf('400')).toContain('"const":"invalid_request"');
    const q = (search.parameters as unknown as { name: string; schema: { maxLength?: number } }[]).find((p) => p.name === 'q');
    expect(q?.schema.maxLength).toBeGreaterThan(0);
    const tasksQ = (doc.paths["/api/v1/tasks"]!.get!.parameters as unknown as { name: string; schema: { maxLength?: number } }[]).find((p) => p.name === 'q');
    expect(tasksQ?.schema.maxLength).toBeGreaterThan(0);
    const docsQ = (doc.paths["/api/v1/docs"]!.get!.parameters as unknown as { name: string; schema: { maxLength?: number } }[]).find((p) => p.name === 'q');
    expect(docsQ?.schema.maxLength).toBeGreaterThan(0);
  });

  it('describes every tag and carries a license', () => {
    const full = doc as unknown as { info: { license?: { name: string } }; tags: { name: string; description?: string }[] };
    expect(full.info.license?.name).toBe('MIT');
    const used = new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => (op as { tags?: string[] }).tags ?? [])));
    expect(full.tags.map((t) => t.name).sort()).toEqual([...used].sort());
    expect(full.tags.filter((t) => !t.description)).toEqual([]);
  });

  it('declares bearer security, the error schema and the parameters of each operation', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.Error).toBeDefined();
    const messages = doc.paths['/api/v1/channels/{id}/messages']!;
    expect(messages.get!.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['id', 'limit', 'before', 'after']));
    expect(messages.post!.parameters!.map((p) => p.name)).toContain('Idempotency-Key');
    expect(Object.keys(messages.get!.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '429']));
    expect(doc.paths['/api']!.get!.security).toEqual([]);
    expect(doc.paths['/api/v1/me']!.get!.security).toEqual([{ bearer: [] }]);
  });
});

describe('GET /api', () => {
  it('links to REST, OpenAPI, MCP, the MCP server card and the auth guide, all absolute', async () => {
    const res = await fetch(`${emu.url}/api`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const d = (await res.json()) as DiscoveryDocument;
    expect(d.rest.base_url).toBe(`${emu.url}/api/v1`);
    expect(d.openapi).toBe(`${emu.url}/api/v1/openapi.json`);
    expect(d.mcp.url).toBe(`${emu.url}/api/mcp`);
    expect(d.mcp.server_card).toMatch(/^http:\/\/.+server-card\.json$/);
    expect(d.authentication).toMatchObject({ scheme: 'bearer', token_prefix: 'hpt_' });
    for (const link of [d.openapi, d.docs.html, d.docs.markdown]) expect((await fetch(link)).status).toBe(200);
    expect(d.authentication.guide).toContain('/docs/api#authentication');
  });

  it('answers unknown /api paths with the error shape, not HTML', async () => {
    const res = await fetch(`${emu.url}/api/v1/no-such-thing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});

describe('/docs/api', () => {
  it('serves escaped HTML without scripts under a strict CSP', async () => {
    const res = await fetch(`${emu.url}/docs/api`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Bearer &lt;PERSONAL_TOKEN&gt;');
    expect(html).toContain('id="authentication"');
    expect(html).toContain('/api/v1/me/wake');
  });

  it('escapes raw HTML and drops unsafe links in rendered Markdown', () => {
    const html = markdownToSafeHtml('<script>alert(1)</script>\n\n[x](javascript:alert(1)) [y](https://ok.example) <img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<img|javascript:/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="https://ok.example">y</a>');
  });

  it('serves the raw Markdown: the spec plus the local decisions and route table', async () => {
    const res = await fetch(`${emu.url}/docs/api.md`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    const md = await res.text();
    expect(md.startsWith('# Workspace Collaboration Service REST API (v1)')).toBe(true);
    expect(md).toContain('## Names the spec leaves unshown');
    expect(md).toContain('| GET /api/v1/me/wake | bearer |');
  });
});
