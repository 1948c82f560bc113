import { PATHS, type ActionMutationResult, type CapabilitiesResponse } from '../contract';
import type { Random } from '../clock';
import type { Executor } from '../http/executor';
import { idempotencyKeyFor } from '../http/idempotency';
import type { CallOptions, QueryParams } from '../http/types';

export function capabilities(api: Executor, opts?: CallOptions): Promise<CapabilitiesResponse> {
  return api.send({ method: 'GET', path: PATHS.capabilities(), opts });
}

/** Input fields as separate query parameters: scalars as text, objects and arrays as JSON. */
export function actionQuery(input: Record<string, unknown>): QueryParams {
  const query: QueryParams = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    query[key] = typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean);
  }
  return query;
}

export function readAction<T>(api: Executor, command: string, input: Record<string, unknown> = {}, opts?: CallOptions): Promise<T> {
  return api.send({ method: 'GET', path: PATHS.action(command), query: actionQuery(input), opts });
}

/**
 * POSTs a mutation command. Its key is decided once (the input's requestId, else the caller's
 * key, else a new uuid) and travels as both Idempotency-Key and body requestId on every retry.
 */
export function runAction<T extends object = Record<string, unknown>>(
  api: Executor,
  random: Random,
  command: string,
  input: Record<string, unknown> = {},
  opts?: CallOptions,
): Promise<ActionMutationResult<T>> {
  const given = typeof input.requestId === 'string' && input.requestId ? input.requestId : undefined;
  const key = given ?? idempotencyKeyFor('POST', opts, random);
  const body = key === undefined ? input : { ...input, requestId: key };
  return api.send({ method: 'POST', path: PATHS.action(command), body, opts: { ...opts, idempotencyKey: key ?? false } });
}
