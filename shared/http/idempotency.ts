import { LIMITS } from '../contract';
import type { Random } from '../clock';
import type { CallOptions, HttpMethod } from './types';
import { isMutation } from './types';

/**
 * The Idempotency-Key of one logical operation: the caller's, else a fresh uuid; none for
 * reads or when the caller passed `false`. Computed once per call, before the first attempt.
 */
export function idempotencyKeyFor(method: HttpMethod, opts: CallOptions | undefined, random: Random): string | undefined {
  if (!isMutation(method)) return undefined;
  const given = opts?.idempotencyKey;
  if (given === false) return undefined;
  if (typeof given === 'string' && given.length > 0) {
    if (given.length > LIMITS.requestIdMax) {
      throw new RangeError(`Idempotency key is ${given.length} characters; the service accepts at most ${LIMITS.requestIdMax}. Use a shorter key (a uuid is 36).`);
    }
    return given;
  }
  return random.uuid();
}
