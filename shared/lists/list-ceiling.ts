/**
 * The most rows one answer of a list gives (GET /tasks and GET /docs take only a `limit`, no cursor).
 * Learnt, never written in: the `limit` parameter's `x-maximum` (or `maximum`) in the service's
 * OpenAPI document, else from its answers: the spec says a larger `limit` is capped, not refused, so
 * two answers to different questions that both fell short of what was asked by the same count
 * show where the cap is.
 */
import type { Client } from '../client';
import { InvalidRequestError, NetworkError } from '../errors';

/** What a list asks for when the service publishes no ceiling: more than any page we know of, so a capping service answers its most. */
export const UNKNOWN_CEILING_ASK = 10_000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `limit` ceiling a published OpenAPI document gives for GET `path`; null when it gives none. */
export function ceilingFromDocument(document: unknown, path: string): number | null {
  if (!isObject(document) || !isObject(document.paths)) return null;
  const operation = (document.paths[path] as Json | undefined)?.get;
  if (!isObject(operation) || !Array.isArray(operation.parameters)) return null;
  for (const parameter of operation.parameters as unknown[]) {
    if (!isObject(parameter) || parameter.name !== 'limit' || parameter.in !== 'query' || !isObject(parameter.schema)) continue;
    const schema = parameter.schema;
    const value = schema['x-maximum'] ?? schema.maximum;
    return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;
  }
  return null;
}

/** Short answers seen per list path, by size and the questions that got them (for services that publish no ceiling). */
const shortAnswers = new WeakMap<object, Map<string, Map<number, Set<string>>>>();

/**
 * Notes an answer of `size` rows to `question` that asked for `asked` rows; returns the ceiling
 * the answers point at: a size that fell short of what was asked for two different questions.
 */
export function noteAnswerSize(owner: object, path: string, question: string, asked: number, size: number): number | null {
  let byPath = shortAnswers.get(owner);
  if (!byPath) shortAnswers.set(owner, (byPath = new Map()));
  let bySize = byPath.get(path);
  if (!bySize) byPath.set(path, (bySize = new Map()));
  if (size > 0 && size < asked) {
    const questions = bySize.get(size) ?? new Set<string>();
    questions.add(question);
    bySize.set(size, questions);
  }
  return learntCeiling(bySize);
}

function learntCeiling(bySize: ReadonlyMap<number, ReadonlySet<string>>): number | null {
  let best: number | null = null;
  for (const [size, questions] of bySize) if (questions.size >= 2 && (best === null || size > best)) best = size;
  return best;
}

/** The ceiling answers to `path` have shown so far (null: none yet). */
export function learntCeilingOf(owner: object, path: string): number | null {
  const bySize = shortAnswers.get(owner)?.get(path);
  return bySize ? learntCeiling(bySize) : null;
}

/**
 * The ceiling of GET `path`: published, else learnt from answers so far, else null. A service
 * whose document cannot be read is asked as one that publishes none.
 */
export async function listCeiling(client: Pick<Client, 'openapiDocument'>, path: string): Promise<number | null> {
  try {
    const published = ceilingFromDocument(await client.openapiDocument(), path);
    if (published !== null) return published;
  } catch (error) {
    // A service out of reach fails the list the same way; the caller's offline path takes it from here.
    if (error instanceof NetworkError) throw error;
    // No document (an older service, a proxy that refuses it): the answers will tell.
  }
  return learntCeilingOf(client, path);
}

/**
 * Asks `ask(limit)`; a service that refuses the large ask made without a known ceiling (400, though
 * the spec says it caps) is asked again without a limit, and the answer's size stands for what
 * was asked (so a non-empty answer counts as possibly cut).
 */
export async function askAtMost<T>(asked: number, published: number | null, ask: (limit: number | undefined) => Promise<T[]>): Promise<{ rows: T[]; asked: number }> {
  try {
    return { rows: await ask(asked), asked };
  } catch (error) {
    if (published !== null || !(error instanceof InvalidRequestError)) throw error;
    const rows = await ask(undefined);
    return { rows, asked: Math.max(1, rows.length) };
  }
}
