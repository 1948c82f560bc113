// `wsc doctor` and "Check Service Compatibility": reads the service's discovery document, OpenAPI
// document and list_capabilities, and compares them with what the client relies on.
import type { Client } from '../client';
import { isApiError } from '../errors';
import { compareWithService, type CompatFinding } from './compare';

export interface CompatReport {
  /** The service's name from GET /api, or its base URL. */
  service: string;
  apiVersion: string | null;
  findings: CompatFinding[];
  /** How many findings are not ok. */
  problems: number;
}

/** `fresh` (wsc doctor) reads every document again; the quiet check after sign-in may use the cached copies. */
export async function checkServiceCompatibility(client: Client, opts?: { signal?: AbortSignal; fresh?: boolean }): Promise<CompatReport> {
  const findings: CompatFinding[] = [];
  const read = async <T>(subject: string, get: () => Promise<T>): Promise<T | null> => {
    try {
      return await get();
    } catch (error) {
      const why = isApiError(error) ? `${error.message} [${error.code}]` : error instanceof Error ? error.message : String(error);
      findings.push({ ok: false, subject, detail: `could not be read: ${why}` });
      return null;
    }
  };
  const discovery = await read('GET /api (discovery)', () => client.discovery(opts));
  const apiVersion = typeof discovery?.api_version === 'string' ? discovery.api_version : null;
  if (discovery) {
    findings.push(
      apiVersion === '1'
        ? { ok: true, subject: 'GET /api (discovery)', detail: 'API version 1' }
        : { ok: false, subject: 'GET /api (discovery)', detail: `API version ${apiVersion ?? 'not stated'}; this client speaks version 1` },
    );
  }
  const openapi = await read('GET /api/v1/openapi.json', () => client.openapiDocument(opts));
  const capabilities = await read('GET /api/v1/actions/list_capabilities', () => client.capabilities(opts));
  // Checked at the boundary (shared/validate): every command has a string name.
  const names = capabilities ? capabilities.commands.map((c) => c.name) : null;
  const usable = openapi !== null && isOpenApiDocument(openapi);
  if (openapi !== null && !usable) {
    findings.push({ ok: false, subject: 'GET /api/v1/openapi.json', detail: 'not an OpenAPI document (it has no "openapi" version or no "paths"), so no endpoint could be compared' });
  }
  if (usable) findings.push(...compareWithService(openapi, names));
  else if (names !== null) findings.push(...compareWithService({ paths: {} }, names).filter((f) => f.subject.startsWith('command ')));
  return {
    service: typeof discovery?.name === 'string' ? discovery.name : client.baseUrl,
    apiVersion,
    findings,
    problems: findings.filter((f) => !f.ok).length,
  };
}

/** An object naming its OpenAPI version and holding a `paths` object: anything else is not one. */
function isOpenApiDocument(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const doc = value as Record<string, unknown>;
  return typeof doc.openapi === 'string' && doc.paths !== null && typeof doc.paths === 'object' && !Array.isArray(doc.paths);
}
