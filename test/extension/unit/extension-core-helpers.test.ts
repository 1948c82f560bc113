import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, UnauthorizedError, type Message } from '../../../shared';
import { parseServeBanner, pickDemoToken } from '../../../extension/auth/serve-banner';
import { secretKeyFor } from '../../../extension/auth/secret-key';
import { describeError, nextStepLabel, WscError } from '../../../extension/errors/describe-error';
import { toMessageView } from '../../../extension/channel-panel/message-view';
import { docChildren } from '../../../extension/docs/doc-tree-items';

describe('describeError', () => {
  it('401 offers "Sign in again" with a next step in the hint', () => {
    const view = describeError(new UnauthorizedError({ code: 'unauthorized', message: 'Token revoked.', hint: 'Create a new token.', status: 401, path: '/api/v1/me' }), 'Could not load the channels');
    expect(view.message).toBe('Could not load the channels: Token revoked.');
    expect(view.hint).toContain('Sign in again');
    expect(view.steps[0]).toBe('signIn');
  });

  it('network errors offer retry, settings and the demo service; other API errors keep the hint', () => {
    const net = describeError(new NetworkError({ code: 'network_error', message: 'No answer.', hint: 'Check the address.', status: 0, path: '/api/v1/me' }), 'Could not sign in');
    expect(net.steps).toEqual(['retry', 'openSettings', 'useDemoService', 'showLog']);
    const other = describeError(new ApiError({ code: 'permission_required', message: 'Admins only.', hint: 'Ask an admin.', status: 403, path: '/x' }), '');
    expect(other).toEqual({ message: 'Admins only.', hint: 'Ask an admin.', steps: ['showLog'] });
    expect(describeError(new WscError('Not signed in.', 'Sign in.', ['signIn']), 'Could not search').steps).toEqual(['signIn', 'showLog']);
    expect(describeError(new Error('boom'), 'Could not x').hint).toMatch(/log/);
  });

  it('puts the whole headline, a colon and the message together as before #45.5, and labels the buttons', () => {
    expect(describeError(new WscError('Not signed in.', 'Sign in.'), 'Could not search')).toEqual({ message: 'Could not search: Not signed in.', hint: 'Sign in.', steps: ['showLog'] });
    expect(describeError(new Error('boom'), 'Could not open T-3')).toEqual({ message: 'Could not open T-3: boom', hint: 'See the Workspace log for details, then try again.', steps: ['showLog'] });
    const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
    expect(describeError(abort, 'Could not load the tasks')).toEqual({ message: 'Could not load the tasks: cancelled.', hint: 'Try again when ready.', steps: [] });
    expect(describeError(abort, '').message).toBe('cancelled.');
    expect(describeError(new UnauthorizedError({ code: 'unauthorized', message: 'Token revoked.', hint: '', status: 401, path: '/' }), '').hint).toBe('Sign in again with a valid personal token.');
    expect(describeError(new ApiError({ code: 'internal', message: 'Oops.', hint: '', status: 500, path: '/' }), 'Could not sign in').hint).toBe('See the Workspace log for details.');
    expect((['signIn', 'openSettings', 'useDemoService', 'retry', 'showLog'] as const).map(nextStepLabel)).toEqual(['Sign in again', 'Open settings', 'Use the local demo service', 'Retry', 'Show log']);
  });
});

describe('serve banner and secret keys', () => {
  it('reads the first line of wsc serve and picks the demo owner', () => {
    const banner = parseServeBanner(
      JSON.stringify({ url: 'http://127.0.0.1:5', demoTokens: [{ handle: 'bob', name: 'Bob', token: 'hpt_b' }, { handle: 'alice', name: 'Alice', token: 'hpt_a' }, { bad: 1 }] }),
    );
    expect(banner?.url).toBe('http://127.0.0.1:5');
    expect(banner?.demoTokens).toHaveLength(2);
    expect(pickDemoToken(banner?.demoTokens ?? [])?.token).toBe('hpt_a');
    expect(parseServeBanner('listening on 5')).toBeUndefined();
    expect(parseServeBanner(JSON.stringify({ url: 'ftp://x' }))).toBeUndefined();
  });

  it('keys tokens by service origin', () => {
    expect(secretKeyFor('http://127.0.0.1:5/')).toBe('wsc.token:http://127.0.0.1:5');
    expect(secretKeyFor('https://ws.example.com/base')).toBe(secretKeyFor('https://ws.example.com'));
  });
});

describe('message views and doc tree', () => {
  it('renders Markdown in the host, sanitised; only own messages carry their source', () => {
    const message: Message = {
      id: 'm1',
      channel_id: 'c1',
      parent_id: null,
      author: { id: 'u1', kind: 'person', name: 'Al', handle: 'al' },
      body: '**hi** <script>alert(1)</script> [x](javascript:alert(1))',
      created_at: '2026-01-01T00:00:00.000001Z',
      edited_at: null,
      via: 'vscode',
      reply_count: 2,
      url: 'http://x/w/w/c/c1/m/m1',
    };
    const mine = toMessageView(message, 'u1');
    expect(mine.html).toContain('<strong>hi</strong>');
    expect(mine.html).not.toContain('<script');
    expect(mine.html).not.toContain('javascript:');
    expect(mine).toMatchObject({ mine: true, source: message.body, replyCount: 2, runId: null });
    const theirs = toMessageView(message, 'u2');
    expect(theirs.mine).toBe(false);
    expect(theirs.source).toBeUndefined();
  });

  it('lists folders first and puts orphans at the root', () => {
    const doc = (id: string, title: string, parent: string | null, folder = false) => ({ id, title, parent_id: parent, is_folder: folder, created_at: '', updated_at: '', mirrors_rules_file: false });
    const docs = [doc('a', 'Zed', null), doc('f', 'Folder', null, true), doc('b', 'Inside', 'f'), doc('o', 'Orphan', 'missing')];
    expect(docChildren(docs, null).map((d) => d.id)).toEqual(['f', 'o', 'a']);
    expect(docChildren(docs, 'f').map((d) => d.id)).toEqual(['b']);
  });
});
