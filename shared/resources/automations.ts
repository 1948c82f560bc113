import {
  PATHS,
  type AutomationsResponse,
  type Confirmation,
  type UpsertAutomationInput,
  type UpsertAutomationResult,
} from '../contract';
import type { Executor } from '../http/executor';
import { checkResponse } from '../validate/check';
import type { CallOptions } from '../http/types';

export async function automations(api: Executor, channelId: string, opts?: CallOptions): Promise<AutomationsResponse> {
  const path = PATHS.channelAutomations(channelId);
  return checkResponse('AutomationsResponse', api.send({ method: 'GET', path, opts }), path, { logger: api.logger });
}

export function upsertAutomation(
  api: Executor,
  channelId: string,
  input: UpsertAutomationInput,
  opts?: CallOptions,
): Promise<UpsertAutomationResult> {
  return api.send({ method: 'POST', path: PATHS.channelAutomations(channelId), body: input, opts });
}

export function setAutomationEnabled(
  api: Executor,
  channelId: string,
  automationId: string,
  enabled: boolean,
  opts?: CallOptions,
): Promise<Confirmation> {
  return api.send({ method: 'PATCH', path: PATHS.channelAutomation(channelId, automationId), body: { enabled }, opts });
}

export function deleteAutomation(api: Executor, channelId: string, automationId: string, opts?: CallOptions): Promise<Confirmation> {
  return api.send({ method: 'DELETE', path: PATHS.channelAutomation(channelId, automationId), opts });
}
