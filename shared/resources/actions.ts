import { PATHS, type ActionMutationResult, type CapabilitiesResponse } from '../contract';
import type { Random } from '../clock';
import type { Executor } from '../http/executor';
import { checkResponse } from '../validate/check';
import { idempotencyKeyFor } from '../http/idempotency';
import type { CallOptions, QueryParams } from '../http/types';
import { NotFoundError } from '../errors';
import { resolveCommandName, type CommandResolution } from '../compat/command-names';
import type { ServiceDocuments } from '../compat/service-documents';

export async function capabilities(api: Executor, opts?: CallOptions): Promise<CapabilitiesResponse> {
  const path = PATHS.capabilities();
  return checkResponse('CapabilitiesResponse', api.send({ method: 'GET', path, opts }), path, { logger: api.logger });
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
 * The spec leaves most command names to list_capabilities. A face asks for a command by our name;
 * when the service's list (cached per service) names it otherwise, the call goes to the service's
 * name (shared/compat/command-names: the same words in any order, case or separator), and a command
 * the list does not offer is refused before anything is sent. Without a fresh list the call goes
 * out under our name, and only a not_found costs a re-read of the list: then the call is made once
 * more under the service's name, or the error says plainly that the command is not offered (instead
 * of a not_found that reads like a missing task or doc).
 */
async function namedCommand<T>(api: Executor, documents: ServiceDocuments, command: string, call: (name: string) => Promise<T>, opts?: CallOptions): Promise<T> {
  const known = documents.peek<CapabilitiesResponse>('capabilities');
  const first = known ? usableName(command, resolveCommandName(command, known.commands.map((c) => c.name))) : command;
  try {
    return await call(first);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    let resolution: CommandResolution;
    try {
      const list = await documents.get('capabilities', () => capabilities(api, opts), { fresh: true });
      resolution = resolveCommandName(command, list.commands.map((c) => c.name));
    } catch {
      throw error;
    }
    const name = usableName(command, resolution, error);
    if (name === first) throw error;
    return call(name);
  }
}

function usableName(command: string, resolution: CommandResolution, cause?: NotFoundError): string {
  if (resolution.kind === 'same' || resolution.kind === 'renamed') return resolution.name;
  const hint = 'Run `wsc doctor` to see everything this service does differently; ask its operator for the command.';
  const message =
    resolution.kind === 'absent'
      ? `This service does not offer the command "${command}" (it is not in list_capabilities), so this feature is not available here.`
      : `This service offers several commands that could be "${command}" (${resolution.names.join(', ')}), so wsc will not guess which one to run.`;
  throw new NotFoundError({ code: 'not_found', message, hint, status: cause?.status ?? 404, path: cause?.path ?? PATHS.action(command) });
}

export function readAction<T>(api: Executor, documents: ServiceDocuments, command: string, input: Record<string, unknown> = {}, opts?: CallOptions): Promise<T> {
  return namedCommand(api, documents, command, (name) => api.send<T>({ method: 'GET', path: PATHS.action(name), query: actionQuery(input), opts }), opts);
}

/**
 * POSTs a mutation command. Its key is decided once (the input's requestId, else the caller's
 * key, else a new uuid) and travels as both Idempotency-Key and body requestId on every retry.
 */
export function runAction<T extends object = Record<string, unknown>>(
  api: Executor,
  documents: ServiceDocuments,
  random: Random,
  command: string,
  input: Record<string, unknown> = {},
  opts?: CallOptions,
): Promise<ActionMutationResult<T>> {
  const given = typeof input.requestId === 'string' && input.requestId ? input.requestId : undefined;
  const key = given ?? idempotencyKeyFor('POST', opts, random);
  const body = key === undefined ? input : { ...input, requestId: key };
  return namedCommand(api, documents, command, (name) => api.send<ActionMutationResult<T>>({ method: 'POST', path: PATHS.action(name), body, opts: { ...opts, idempotencyKey: key ?? false } }), opts);
}
