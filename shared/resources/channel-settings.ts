import {
  PATHS,
  type Budget,
  type Confirmation,
  type EnvEntry,
  type PutArtifactAddressInput,
  type PutArtifactAddressResult,
  type PutBudgetInput,
  type PutEnvInput,
  type WarmWorkspace,
} from '../contract';
import type { Executor } from '../http/executor';
import { checkResponse } from '../validate/check';
import type { CallOptions } from '../http/types';

export async function env(api: Executor, channelId: string, opts?: CallOptions): Promise<EnvEntry[]> {
  const path = PATHS.channelEnv(channelId);
  return (await checkResponse('EnvResponse', api.send({ method: 'GET', path, opts }), path, { logger: api.logger })).env;
}

export function putEnv(api: Executor, channelId: string, input: PutEnvInput, opts?: CallOptions): Promise<Confirmation> {
  return api.send({ method: 'PUT', path: PATHS.channelEnv(channelId), body: input, opts });
}

export function deleteEnv(api: Executor, channelId: string, name: string, opts?: CallOptions): Promise<Confirmation> {
  return api.send({ method: 'DELETE', path: PATHS.channelEnv(channelId), query: { name }, opts });
}

export function budget(api: Executor, channelId: string, opts?: CallOptions): Promise<Budget> {
  return api.send({ method: 'GET', path: PATHS.channelBudget(channelId), opts });
}

export function putBudget(api: Executor, channelId: string, monthlyCredits: number | null, opts?: CallOptions): Promise<Confirmation> {
  const body: PutBudgetInput = { monthlyCredits };
  return api.send({ method: 'PUT', path: PATHS.channelBudget(channelId), body, opts });
}

export function warmWorkspace(api: Executor, channelId: string, opts?: CallOptions): Promise<WarmWorkspace> {
  return api.send({ method: 'GET', path: PATHS.channelWorkspace(channelId), opts });
}

export function rebuildWarmWorkspace(api: Executor, channelId: string, opts?: CallOptions): Promise<Confirmation> {
  return api.send({ method: 'POST', path: PATHS.channelWorkspaceRebuild(channelId), body: {}, opts });
}

export function putArtifactAddress(api: Executor, artifactId: string, address: string, opts?: CallOptions): Promise<PutArtifactAddressResult> {
  const body: PutArtifactAddressInput = { address };
  return api.send({ method: 'PUT', path: PATHS.artifactAddress(artifactId), body, opts });
}
