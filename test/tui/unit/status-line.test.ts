// The status line's state as pure transitions: what an error, a note, a call that got through and
// a change of view leave on it.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/index';
import { isReconnecting, quietStatusLine, statusConnectionOk, statusError, statusInfo, statusViewChanged } from '../../../tui/state/status-line';

const apiError = (code: string, status: number) => new ApiError({ code, message: `${code} happened`, hint: `fix the ${code}`, status, path: '/api/v1/x' });

describe('status line transitions', () => {
  it('an error says what failed with the hint; a plain one leaves the connection and sign-in alone', () => {
    const s = statusError(quietStatusLine(), apiError('not_found', 404), 'open the doc', 1000);
    expect(s.message).toEqual({ kind: 'error', message: 'Could not open the doc: not_found happened', hint: 'fix the not_found', connection: false });
    expect(s).toMatchObject({ lost: false, relogin: false, savedCopyAt: null });
  });

  it('a lost connection says reconnecting and keeps what is shown as a saved copy from the last answer', () => {
    const s = statusError(quietStatusLine(), apiError('network_error', 0), undefined, 1000);
    expect(s).toMatchObject({ lost: true, savedCopyAt: 1000, message: { kind: 'error', connection: true } });
    expect(isReconnecting(s)).toBe(true);
    // A saved copy already shown keeps its own time.
    expect(statusError(quietStatusLine(500), apiError('network_error', 0), undefined, 1000).savedCopyAt).toBe(500);
  });

  it('a lost connection does not take the line from a sticky note (where unsaved words are kept), a refusal does', () => {
    const noted = statusInfo(quietStatusLine(), '“Notes” is not saved yet: kept in /tmp/x.md', { sticky: true });
    const lost = statusError(noted, apiError('network_error', 0), 'open the doc', 1000);
    expect(lost.message).toEqual(noted.message);
    expect(lost).toMatchObject({ lost: true, savedCopyAt: 1000 });
    expect(statusError(noted, apiError('forbidden', 403), 'open the doc', 1000).message).toMatchObject({ kind: 'error' });
  });

  it('a 401 asks to sign in again', () => {
    expect(statusError(quietStatusLine(), apiError('unauthorized', 401), 'load', null).relogin).toBe(true);
  });

  it('a call that gets through clears the connection error and the saved copy, not another error', () => {
    const lost = statusError(quietStatusLine(), apiError('network_error', 0), undefined, 1000);
    expect(statusConnectionOk(lost)).toEqual(quietStatusLine());
    const other = { ...lost, message: statusError(quietStatusLine(), apiError('conflict', 409), undefined, null).message };
    expect(statusConnectionOk(other).message).toMatchObject({ kind: 'error', connection: false });
    const quiet = quietStatusLine();
    expect(statusConnectionOk(quiet)).toBe(quiet);
  });

  it('another view drops an error of the last one, but not one about the connection, nor a note', () => {
    const failed = statusError(quietStatusLine(), apiError('not_found', 404), undefined, null);
    expect(statusViewChanged(failed).message).toBeNull();
    const lost = statusError(quietStatusLine(), apiError('network_error', 0), undefined, null);
    expect(statusViewChanged(lost)).toBe(lost);
    const noted = statusInfo(quietStatusLine(), 'saved');
    expect(statusViewChanged(noted)).toBe(noted);
  });

  it('notes say whether they are about the connection or stay until replaced', () => {
    expect(statusInfo(quietStatusLine(), 'retrying now…', { connection: true }).message).toEqual({ kind: 'info', text: 'retrying now…', connection: true });
    expect(statusInfo(quietStatusLine(), 'kept', { sticky: true }).message).toEqual({ kind: 'info', text: 'kept', sticky: true });
  });

  it('the live feed reconnecting alone also says reconnecting', () => {
    expect(isReconnecting({ ...quietStatusLine(), feedReconnecting: true })).toBe(true);
    expect(isReconnecting(quietStatusLine())).toBe(false);
  });
});
