// Builds the OpenAPI 3.1 document from the endpoint table.
import { HEADERS, LIMITS } from '../../shared/contract';
import { COMPONENT_SCHEMAS } from './components';
import { ENDPOINTS, pathParamNames, type Endpoint, type ErrorStatus } from './endpoints';
import { ref, type Schema } from './schema-helpers';

const ERROR_TEXT: Record<ErrorStatus | 500, string> = {
  400: 'invalid_request: a bad body, parameter or query',
  401: 'unauthorized: missing, malformed or revoked token (WWW-Authenticate is set)',
  403: 'permission_required: role or scope insufficient',
  404: 'not_found: missing or not accessible',
  409: 'conflict: conflicting state',
  429: 'rate_limited: back off for Retry-After seconds',
  500: 'internal: server failure',
};

function errorStatuses(e: Endpoint): (ErrorStatus | 500)[] {
  const set = new Set<ErrorStatus | 500>(e.errors ?? []);
  if (e.auth) set.add(401);
  if (pathParamNames(e.path).length > 0) set.add(404);
  if (e.body || (e.query?.length ?? 0) > 0 || e.mutation) set.add(400);
  set.add(500);
  return [...set].sort((a, b) => a - b);
}

function operation(e: Endpoint): Schema {
  const parameters: Schema[] = [];
  for (const name of pathParamNames(e.path)) {
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string' }, description: e.pathParams?.[name] ?? name });
  }
  for (const q of e.query ?? []) {
    parameters.push({
      name: q.name,
      in: 'query',
      required: q.required ?? false,
      schema: q.schema,
      ...(q.description ? { description: q.description } : {}),
    });
  }
  if (e.mutation) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', maxLength: LIMITS.requestIdMax },
      description: 'Stable key per logical mutation; a repeat returns the original receipt.',
    });
  }
  if (e.auth) {
    parameters.push({
      name: HEADERS.client,
      in: 'header',
      required: false,
      schema: { type: 'string' },
      description: "Client name shown in the 'via' marker on posts.",
    });
  }
  const response = e.response;
  const ok = isTextResponse(response)
    ? { description: response.description, content: { [response.contentType]: { schema: { type: 'string' } } } }
    : { description: 'OK', content: { 'application/json': { schema: response } } };
  const responses: Record<string, Schema> = { [String(e.status ?? 200)]: ok };
  for (const status of errorStatuses(e)) {
    const headers: Schema = {};
    if (status === 401) headers['WWW-Authenticate'] = { schema: { type: 'string' } };
    if (status === 429) headers['Retry-After'] = { schema: { type: 'integer' }, description: 'Seconds' };
    responses[String(status)] = {
      description: ERROR_TEXT[status],
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: { 'application/json': { schema: ref('Error') } },
    };
  }
  const op: Schema = {
    operationId: operationId(e),
    summary: e.summary,
    tags: [e.tag],
    security: e.auth ? [{ bearer: [] }] : [],
    responses,
  };
  if (parameters.length > 0) op.parameters = parameters;
  if (e.body) op.requestBody = { required: true, content: { 'application/json': { schema: requestBodySchema(e) } } };
  return op;
}

/** Closed bodies of mutations also take `requestId`, the body form of the Idempotency-Key. */
function requestBodySchema(e: Endpoint): Schema {
  const body = e.body as Schema;
  if (!e.mutation || body.additionalProperties !== false) return body;
  const properties = { ...(body.properties as Record<string, Schema>) };
  properties.requestId = { type: 'string', minLength: 1, maxLength: LIMITS.requestIdMax, description: 'Idempotency key (same as the Idempotency-Key header).' };
  return { ...body, properties };
}

function isTextResponse(r: Endpoint['response']): r is { contentType: string; description: string } {
  return typeof r.contentType === 'string';
}

function operationId(e: Endpoint): string {
  const words = e.path
    .replace(/^\/api\/v1/, '')
    .split(/[/_.-]+/)
    .filter((w) => w.length > 0)
    .map((w) => (w.startsWith('{') ? `by ${w.slice(1, -1)}` : w))
    .join(' ')
    .split(' ');
  const camel = words.map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : '')).join('');
  return `${e.method.toLowerCase()}${camel || 'Root'}`;
}

export function buildOpenApi(serverUrl?: string, endpoints: readonly Endpoint[] = ENDPOINTS): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const e of endpoints) {
    const item = (paths[e.path] ??= {});
    item[e.method.toLowerCase()] = operation(e);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workspace Collaboration Service REST API (local service)',
      version: '1',
      description:
        'Acts in one workspace as the person who minted a personal token (`hpt_`). Every failure is `{error:{code,message,hint}}`. Human-readable reference: /docs/api.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ bearer: [] }],
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Personal token (hpt_...). Named-agent tokens (mgo_) are refused on /api/v1.' },
      },
      schemas: COMPONENT_SCHEMAS,
    },
  };
}
