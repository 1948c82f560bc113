import { SERVICE_PATHS, type DiscoveryDocument } from '../contract';
import type { Executor } from '../http/executor';
import type { CallOptions } from '../http/types';

/** GET /api: the service's own description of itself (links to its OpenAPI document, docs, MCP). */
export function discovery(api: Executor, opts?: CallOptions): Promise<Partial<DiscoveryDocument>> {
  return api.send({ method: 'GET', path: SERVICE_PATHS.discovery, opts });
}

/** GET /api/v1/openapi.json, as the service publishes it (compared, not trusted, by shared/compat). */
export function openapiDocument(api: Executor, opts?: CallOptions): Promise<unknown> {
  return api.send({ method: 'GET', path: SERVICE_PATHS.openapi, opts });
}
