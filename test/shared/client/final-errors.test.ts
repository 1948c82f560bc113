// Which answers of the service a loop (a follow, a reader, the mention watcher) must stop on rather
// than ask again: a refused token, a missing permission, a thing that does not exist, a bad request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFinalError, ResponseTooLargeError, UnexpectedResponseError, type Client } from '../../../shared';
import { isRetryableError } from '../../../shared/http/retry-policy';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { clientFor, MARIA_TOKEN } from '../support/clients';

const DEPLOY_GUIDE = 'd0000000-0000-4000-8000-000000000003';
const MISSING_DOC = 'd0000000-0000-4000-8000-0000000000ff';

let emu: TestEmulator;
const clients: Client[] = [];
function client(token: string): Client {
  const c = clientFor(emu.url, token, { retry: { maxAttempts: 1 } });
  clients.push(c);
  return c;
}
async function failure(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => expect.fail('the call succeeded'),
    (error: unknown) => error,
  );
}

beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await emu.stop();
});

describe('isFinalError: answers no retry can change', () => {
  it('401 (a revoked token) is final', async () => {
    const error = await failure(client('hpt_revoked').me());
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(isFinalError(error)).toBe(true);
  });

  it('403 (no permission to write) is final', async () => {
    const reader = client('hpt_member_read');
    const error = await failure(reader.patchDoc(DEPLOY_GUIDE, { body: 'x' }));
    expect(error).toMatchObject({ status: 403, code: 'permission_required' });
    expect(isFinalError(error)).toBe(true);
  });

  it('404 (no such doc) is final', async () => {
    const error = await failure(client(MARIA_TOKEN).getDoc(MISSING_DOC));
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
    expect(isFinalError(error)).toBe(true);
  });

  it('400 (a request the service refuses) is final', async () => {
    const error = await failure(client(MARIA_TOKEN).patchDoc(DEPLOY_GUIDE, { body: 'x'.repeat(2 * 1024 * 1024) }));
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(isFinalError(error)).toBe(true);
  });
});

describe('isFinalError: failures worth another attempt', () => {
  it('a 500 from the service is not final', async () => {
    await emu.control.faults({ fail500: 1, pathPattern: '*/me' });
    const error = await failure(client(MARIA_TOKEN).me());
    expect(error).toMatchObject({ status: 500 });
    expect(isFinalError(error)).toBe(false);
  });

  it('nothing listening (a network failure) is not final', async () => {
    const gone = await startEmulator();
    const c = clientFor(gone.url, MARIA_TOKEN, { retry: { maxAttempts: 1 } });
    clients.push(c);
    await gone.stop();
    const error = await failure(c.me());
    expect(error).toMatchObject({ code: 'network_error' });
    expect(isFinalError(error)).toBe(false);
  });

  it('anything that is not an answer of the service is final', () => {
    expect(isFinalError(new TypeError('x'))).toBe(true);
  });
});

const unexpected = (status: number) => new UnexpectedResponseError({ code: 'unexpected_response', message: 'x', hint: 'y', status, path: '/api/v1/me' });

describe('answers that were delivered but not understood', () => {
  it('are final for a loop at any status the service sent', () => {
    expect(isFinalError(unexpected(502))).toBe(true);
    expect(isFinalError(unexpected(200))).toBe(true);
  });

  it('without a status (nothing was delivered) are not final', () => {
    expect(isFinalError(unexpected(0))).toBe(false);
  });

  it('within one call, only a gateway page (502/503/504) is asked again', () => {
    expect([502, 503, 504].map((s) => isRetryableError(unexpected(s)))).toEqual([true, true, true]);
    expect([200, 500, 404].map((s) => isRetryableError(unexpected(s)))).toEqual([false, false, false]);
  });

  it('an answer too large is never asked again, whatever its status', () => {
    const tooLarge = new ResponseTooLargeError({ code: 'unexpected_response', message: 'x', hint: 'y', status: 502, path: '/api/v1/me' });
    expect(isRetryableError(tooLarge)).toBe(false);
  });
});
