import { PATHS, type ActionMutationResult, type CapabilitiesResponse } from '../contract';
import type { Random } from '../clock';
import type { Executor } from '../http/executor';
import { checkResponse } from '../validate/check';
import { idempotencyKeyFor } from '../http/idempotency';
import type { CallOptions, QueryParams } from '../http/types';
import { NotFoundError } from '../errors';

export async function capabilities(api: Executor, opts?: CallOptions): Promise<CapabilitiesResponse> {
  const path = PATHS.capabilities();
  return checkResponse<CapabilitiesResponse>('capabilities', await api.send({ method: 'GET', path, opts }), path);
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

/**
 * The spec leaves most command names to list_capabilities. When a service answers not_found for a
 * command, list_capabilities says whether the command itself is missing: then the error says so
 * (instead of a not_found that reads like a missing task or doc). Costs a call only on that error.
 */
async function namedCommand<T>(api: Executor, command: string, call: () => Promise<T>, opts?: CallOptions): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    let offered: boolean;
    try {
      const list = await capabilities(api, opts);
      offered = list.commands.some((c) => c.name === command);
    } catch {
      throw error;
    }
    if (offered) throw error;
    throw new NotFoundError({
      code: 'not_found',
      message: `This service does not offer the command "${command}" (it is not in list_capabilities), so this feature is not available here.`,
      hint: 'Run `wsc doctor` to see everything this service does differently; ask its operator for the command.',
      status: error.status,
      path: error.path,
    });
  }
}

export function readAction<T>(api: Executor, command: string, input: Record<string, unknown> = {}, opts?: CallOptions): Promise<T> {
  return namedCommand(api, command, () => api.send<T>({ method: 'GET', path: PATHS.action(command), query: actionQuery(input), opts }), opts);
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
  return namedCommand(api, command, () => api.send<ActionMutationResult<T>>({ method: 'POST', path: PATHS.action(command), body, opts: { ...opts, idempotencyKey: key ?? false } }), opts);
}
