// A hostile service: the local service behind a proxy that rewrites the JSON answers of chosen
// routes (ids, risk, ref or status with terminal escapes in them), the way a compromised or buggy
// server would answer.
import { startAnswerProxy, type AnswerRewrite } from './answer-proxy';

export type { AnswerRewrite } from './answer-proxy';

export interface HostileProxy {
  url: string;
  /** Every request that reached the proxy: method, path and query. */
  requests: string[];
  stop(): Promise<void>;
}

export async function startHostileProxy(target: string, rewrite: AnswerRewrite): Promise<HostileProxy> {
  const proxy = await startAnswerProxy(target, { rewriteAnswer: rewrite });
  return { url: proxy.url, requests: proxy.requests, stop: proxy.close };
}
