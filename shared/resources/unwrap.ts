import { UnexpectedResponseError } from '../errors';

/** The array under `key` of a list answer (`{channels:[...]}`); anything else is an unexpected response. */
export function unwrapList<T>(data: unknown, key: string, path: string): T[] {
  const list = (data as Record<string, unknown>)[key];
  if (!Array.isArray(list)) {
    throw new UnexpectedResponseError({
      code: 'unexpected_response',
      message: `The service's answer has no "${key}" list.`,
      hint: 'Check that the base URL points at a workspace API v1 service, then try again.',
      status: 200,
      path,
    });
  }
  return list as T[];
}
