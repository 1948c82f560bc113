import {
  PATHS,
  type CreateDocInput,
  type CreateDocResult,
  type Doc,
  type DocListItem,
  type DocsQuery,
  type DocsResponse,
  type PatchDocInput,
  type PatchDocResult,
} from '../contract';
import type { Executor } from '../http/executor';
import type { CallOptions } from '../http/types';
import { unwrapList } from './unwrap';

export async function docs(api: Executor, q: DocsQuery = {}, opts?: CallOptions): Promise<DocListItem[]> {
  const path = PATHS.docs();
  const data = await api.send<DocsResponse>({ method: 'GET', path, query: { q: q.q, limit: q.limit }, opts });
  return unwrapList<DocListItem>(data, 'docs', path);
}

export function createDoc(api: Executor, input: CreateDocInput, opts?: CallOptions): Promise<CreateDocResult> {
  return api.send({ method: 'POST', path: PATHS.docs(), body: input, opts });
}

export function getDoc(api: Executor, id: string, opts?: CallOptions): Promise<Doc> {
  return api.send({ method: 'GET', path: PATHS.doc(id), opts });
}

export function patchDoc(api: Executor, id: string, input: PatchDocInput, opts?: CallOptions): Promise<PatchDocResult> {
  return api.send({ method: 'PATCH', path: PATHS.doc(id), body: input, opts });
}
