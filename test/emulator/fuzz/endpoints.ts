// The service's endpoints as the fuzz suite reads them, taken from the one route table.
import { isMutation, openApiPath, pathParamNames as routeParamNames, publicRoutes } from '../../../emulator/discovery/openapi';
import { modules } from '../../../emulator/routes';

type Schema = Record<string, unknown>;

export interface Endpoint {
  method: string;
  /** OpenAPI form: `/api/v1/channels/{id}/messages`. */
  path: string;
  mutation: boolean;
  query?: { name: string; schema: Schema }[];
  body?: Schema;
}

export const ENDPOINTS: Endpoint[] = publicRoutes(modules.flatMap((m) => m.routes ?? [])).map((route) => {
  const props = (route.query as { properties?: Record<string, Schema> } | undefined)?.properties ?? {};
  return {
    method: route.method,
    path: openApiPath(route.path),
    mutation: isMutation(route),
    ...(route.query ? { query: Object.entries(props).map(([name, schema]) => ({ name, schema })) } : {}),
    ...(route.body ? { body: route.body as Schema } : {}),
  };
});

export const pathParamNames = (path: string): string[] => routeParamNames(path);
