// Builds the OpenAPI 3.1 document from the route table: each declared route is one operation,
// its schemas come from shared/contract (components = every schema with an $id), and its error
// answers are the ones the pipeline can give it plus those it declares.
import { HEADERS } from '../../shared/contract';
import { CONTRACT_SCHEMAS, errorAnswerSchema, idempotencyKeySchema, pathIdSchema, plainIntegerSchema, plainStringSchema } from '../../shared/contract';
import type { ContractSchema, ErrorStatus, Route } from '../types';
import { TAGS } from './tags';

type Json = Record<string, unknown>;
type Status = ErrorStatus | 500;

/** The error code each status carries (shared/contract STATUS_BY_CODE, inverted). */
const CODE_BY_STATUS: Record<Status, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'permission_required',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
  500: 'internal',
};

const ERROR_TEXT: Record<Status, string> = {
  400: 'invalid_request: a bad body, parameter or query',
  401: 'unauthorized: missing, malformed or revoked token (WWW-Authenticate is set)',
  403: 'permission_required: role or scope insufficient',
  404: 'not_found: missing or not accessible',
  409: 'conflict: conflicting state',
  429: 'rate_limited: back off for Retry-After seconds (every /api/v1 request counts against the token)',
  500: 'internal: server failure',
};

/** `/api/v1/channels/:id` (or PATHS-built `%3Aid`) -> `/api/v1/channels/{id}`. */
export function openApiPath(routePath: string): string {
  return routePath.replace(/\/(?::|%3A)([^/]+)/gi, '/{$1}');
}

export function pathParamNames(routePath: string): string[] {
  return [...openApiPath(routePath).matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}

const needsToken = (route: Route): boolean => (route.auth ?? (route.method === 'GET' ? 'read' : 'write')) !== 'none';
export const isMutation = (route: Route): boolean => route.mutation ?? (route.method !== 'GET' && needsToken(route));

/** Every error status a route can answer: derived from what the pipeline does, plus its own. */
export function errorStatuses(route: Route): Status[] {
  const set = new Set<Status>(route.errors ?? []);
  if (needsToken(route)) {
    set.add(401); // no, malformed or revoked token
    set.add(403); // a token without the scope or role the route needs
    set.add(429); // every request with a token counts against its window
  }
  if (pathParamNames(route.path).length > 0) {
    set.add(404);
    set.add(400); // an over-long id
  }
  // Every request can be 400: a URL or headers over the connection limits (http/connection-limits.ts).
  set.add(400);
  set.add(500);
  return [...set].sort((a, b) => a - b);
}

/** A contract schema as it appears in the document: `$ref: 'X'` -> `#/components/schemas/X`. */
function toDocumentSchema(node: unknown, top = true): unknown {
  if (Array.isArray(node)) return node.map((n) => toDocumentSchema(n, false));
  if (typeof node !== 'object' || node === null) return node;
  const obj = node as Json;
  if (top && typeof obj.$id === 'string') return { $ref: `#/components/schemas/${obj.$id}` };
  const out: Json = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === '$id') continue;
    if (k === '$ref' && typeof v === 'string' && !v.startsWith('#')) out.$ref = `#/components/schemas/${v}`;
    else out[k] = k === 'enum' || k === 'const' || k === 'default' || k === 'examples' ? v : toDocumentSchema(v, false);
  }
  return out;
}

export function documentSchema(schema: ContractSchema): Json {
  return toDocumentSchema(schema) as Json;
}

function errorSchema(status: Status): Json {
  return errorAnswerSchema('#/components/schemas/Error', CODE_BY_STATUS[status]);
}

function parameters(route: Route): Json[] {
  const out: Json[] = [];
  for (const name of pathParamNames(route.path)) {
    const description = route.params?.[name] ?? name;
    out.push({ name, in: 'path', required: true, schema: pathIdSchema(description), description });
  }
  const query = route.query ? (documentSchema(route.query).$ref ? inlineQuery(route.query) : documentSchema(route.query)) : null;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries((query?.properties as Record<string, Json> | undefined) ?? {})) {
    const { description, ...rest } = schema;
    out.push({ name, in: 'query', required: required.has(name), schema: rest, ...(typeof description === 'string' ? { description } : {}) });
  }
  if (isMutation(route)) {
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: idempotencyKeySchema(),
      description: 'Stable key per logical mutation; a repeat returns the original receipt.',
    });
  }
  if (needsToken(route)) {
    out.push({ name: HEADERS.client, in: 'header', required: false, schema: plainStringSchema(), description: "Client name shown in the 'via' marker on posts." });
  }
  return out;
}

/** Query parameters are listed one by one, so the object schema is read here, not referenced. */
function inlineQuery(schema: ContractSchema): Json {
  return toDocumentSchema({ ...(schema as Json), $id: undefined }) as Json;
}

function operation(route: Route): Json {
  const answer = route.answer;
  if (!answer || !route.summary || !route.tag) throw new Error(`route ${route.method} ${route.path} has no declaration (summary, tag, answer)`);
  const ok =
    'contentType' in answer
      ? { description: answer.description, content: { [answer.contentType]: { schema: plainStringSchema() } } }
      : { description: 'OK', content: { 'application/json': { schema: documentSchema(answer.schema) } } };
  const responses: Record<string, Json> = { [String(answer.status ?? 200)]: ok };
  for (const status of errorStatuses(route)) {
    const headers: Json = {};
    if (status === 401) headers['WWW-Authenticate'] = { schema: plainStringSchema(), description: 'Bearer challenge' };
    if (status === 429) headers['Retry-After'] = { schema: plainIntegerSchema(), description: 'Seconds' };
    responses[String(status)] = {
      description: ERROR_TEXT[status],
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: { 'application/json': { schema: errorSchema(status) } },
    };
  }
  const op: Json = {
    operationId: operationId(route),
    summary: route.summary,
    tags: [route.tag],
    security: needsToken(route) ? [{ bearer: [] }] : [],
    responses,
  };
  const params = parameters(route);
  if (params.length > 0) op.parameters = params;
  if (route.body) op.requestBody = { required: true, content: { 'application/json': { schema: documentSchema(route.body) } } };
  return op;
}

export function operationId(route: Route): string {
  const words = openApiPath(route.path)
    .replace(/^\/api\/v1/, '')
    .split(/[/_.-]+/)
    .filter((w) => w.length > 0)
    .map((w) => (w.startsWith('{') ? `by ${w.slice(1, -1)}` : w))
    .join(' ')
    .split(' ');
  const camel = words.map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : '')).join('');
  return `${route.method.toLowerCase()}${camel || 'Root'}`;
}

const TAG_ORDER = Object.keys(TAGS);

/** The routes the document describes (every route that is not internal), grouped by tag. */
export function publicRoutes(routes: readonly Route[]): Route[] {
  const rank = (r: Route) => {
    const i = TAG_ORDER.indexOf(r.tag ?? '');
    return i < 0 ? TAG_ORDER.length : i;
  };
  return routes.filter((r) => !r.internal).sort((a, b) => rank(a) - rank(b));
}

/** Schemas with an $id the routes name themselves (they win over the registry's of the same id). */
function routeSchemas(routes: readonly Route[]): Record<string, object> {
  const out: Record<string, object> = {};
  for (const r of routes) {
    for (const schema of [r.body, r.query, r.answer && 'schema' in r.answer ? r.answer.schema : undefined]) {
      const id = (schema as { $id?: unknown } | undefined)?.$id;
      if (schema && typeof id === 'string') out[id] = schema;
    }
  }
  return out;
}

/** The components the operations reach (through $refs, transitively): no unused component. */
function componentSchemas(paths: unknown, byId: Readonly<Record<string, object>>): Json {
  const out: Json = {};
  const pending: string[] = [];
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(collect);
    if (typeof node !== 'object' || node === null) return;
    for (const [k, v] of Object.entries(node as Json)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) pending.push(v.slice('#/components/schemas/'.length));
      else collect(v);
    }
  };
  collect(paths);
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (id in out || !byId[id]) continue;
    out[id] = toDocumentSchema({ ...(byId[id] as Json), $id: undefined }, false);
    collect(out[id]);
  }
  return Object.fromEntries(Object.keys(out).sort().map((id) => [id, out[id]]));
}

export function buildOpenApi(routes: readonly Route[], serverUrl?: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const documented = publicRoutes(routes);
  for (const route of documented) {
    const item = (paths[openApiPath(route.path)] ??= {});
    item[route.method.toLowerCase()] = operation(route);
  }
  const used = new Set(documented.map((r) => r.tag as string));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workspace Collaboration Service REST API (local service)',
      version: '1',
      description:
        'Acts in one workspace as the person who minted a personal token (`hpt_`). Every failure is `{error:{code,message,hint}}`. Human-readable reference: /docs/api.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    ...(serverUrl ? { servers: [{ url: serverUrl, description: 'This local service' }] } : {}),
    security: [{ bearer: [] }],
    tags: Object.entries(TAGS)
      .filter(([name]) => used.has(name))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Personal token (hpt_...). Named-agent tokens (mgo_) are refused on /api/v1.' },
      },
      schemas: componentSchemas(paths, { ...CONTRACT_SCHEMAS, ...routeSchemas(documented) }),
    },
  };
}
