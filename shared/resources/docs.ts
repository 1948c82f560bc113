import {
  PATHS,
  type CreateDocInput,
  type CreateDocResult,
  type Doc,
  type DocListItem,
  type DocsQuery,
  type PatchDocInput,
  type PatchDocResult,
} from '../contract';
import type { Executor } from '../http/executor';
import type { CallOptions } from '../http/types';
import { checkResponse } from '../validate/check';

export async function docs(api: Executor, q: DocsQuery = {}, opts?: CallOptions): Promise<DocListItem[]> {
  const path = PATHS.docs();
  const data = await api.send({ method: 'GET', path, query: { q: q.q, limit: q.limit }, opts });
  return (await checkResponse('DocsResponse', data, path, { logger: api.logger })).docs;
}

export async function createDoc(api: Executor, input: CreateDocInput, opts?: CallOptions): Promise<CreateDocResult> {
  const path = PATHS.docs();
  return checkResponse('CreateDocResult', api.send({ method: 'POST', path, body: input, opts }), path, { method: 'POST', logger: api.logger });
}

/** The doc with its body and version: without a readable updated_at, compare-and-set is impossible, so this refuses. */
export async function getDoc(api: Executor, id: string, opts?: CallOptions): Promise<Doc> {
  const path = PATHS.doc(id);
  return checkResponse('Doc', api.send({ method: 'GET', path, opts }), path, { logger: api.logger });
}

export function patchDoc(api: Executor, id: string, input: PatchDocInput, opts?: CallOptions): Promise<PatchDocResult> {
  return api.send({ method: 'PATCH', path: PATHS.doc(id), body: input, opts });
}
