// Every answer the clients read is checked here, once, at the boundary: a missing or wrongly typed
// field the client needs becomes an UnexpectedResponseError naming the endpoint and the field (exit
// 6 in the CLI), never a TypeError later. Ajv (a well-kept validator, already used by the local
// service) checks and also fills the defaults: null for fields a service may leave out when null,
// visible placeholders for display-only fields.
import type { ErrorObject } from 'ajv';
import { UnexpectedResponseError } from '../errors';
import type { Logger } from '../logger';
import type { Answer, AnswerName } from './answers';
import { absentDisplayFields } from './display-fields';
import { reportMissingDisplayFields } from './display-notices';
import { answerCheckFor } from './validators';
import { keepingAnswersAsSent, rememberAsSent } from './as-sent';

/** `messages[2].created_at` from an Ajv error. */
export function fieldOf(error: ErrorObject): string {
  const pointer = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') pointer.push(String((error.params as { missingProperty?: string }).missingProperty));
  return pointer.reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), '') || '(the whole answer)';
}

function describe(error: ErrorObject): string {
  const field = fieldOf(error);
  if (error.keyword === 'required') return `the field "${field}" is missing`;
  if (error.keyword === 'type') return `the field "${field}" is not ${String((error.params as { type?: unknown }).type)}`;
  return `the field "${field}" ${error.message ?? 'is not as documented'}`;
}

export interface CheckOptions {
  method?: string;
  /** Hears (once per process) a display field the answer left out in every row. */
  logger?: Logger;
}

/**
 * The answer, typed by the contract schema it is named after, once it matches that schema's
 * tolerant form (placeholders filled in place), or an UnexpectedResponseError that names the
 * endpoint and the first field that did not match. `answer` may be the request still under way:
 * the answer's check loads meanwhile (in the bundles, its module is imported on first use).
 */
export async function checkResponse<N extends AnswerName>(name: N, answer: unknown, path: string, options: CheckOptions = {}): Promise<Answer<N>> {
  const method = options.method ?? 'GET';
  const [{ validate, displayTree }, data] = await Promise.all([answerCheckFor(name), answer]);
  const absent = absentDisplayFields(data, displayTree);
  const sent = keepingAnswersAsSent() ? structuredClone(data) : undefined;
  if (validate(data)) {
    if (sent !== undefined) rememberAsSent(data, sent);
    if (absent.length > 0) reportMissingDisplayFields(name, absent, method, path, options.logger);
    return data;
  }
  const first = validate.errors?.[0];
  throw new UnexpectedResponseError({
    code: 'unexpected_response',
    message: `The service's answer to ${method} ${path} is not what wsc understands: ${first ? describe(first) : 'it does not match'}.`,
    hint: 'Check that the base URL points at a workspace API v1 service; if it does, the service answers differently from what wsc relies on: report it with this message.',
    status: 200,
    path,
    ...(first ? { field: fieldOf(first) } : {}),
  });
}
