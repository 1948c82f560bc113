import { describe, expect, it } from 'vitest';
import { MAX_BODY_LENGTH, parseChannelPanelToHost } from '../../../extension/channel-panel/channel-panel-protocol';

describe('parseChannelPanelToHost (the channel panel union)', () => {
  it('accepts every shape of the union', () => {
    const valid = [
      { type: 'ready' },
      { type: 'loadOlder', before: '2026-01-01T00:00:00.000001Z' },
      { type: 'openThread', rootId: 'm-1' },
      { type: 'closeThread' },
      { type: 'post', requestId: '0b6a1c2e-1111-4111-8111-111111111111', body: 'hi @bob', parentId: null },
      { type: 'post', requestId: 'r1', body: 'reply', parentId: 'm-1' },
      { type: 'edit', requestId: 'r2', messageId: 'm-1', body: 'fixed' },
      { type: 'openLink', url: 'https://example.com/x' },
      { type: 'openLink', url: 'mailto:a@b.c' },
      { type: 'copyLink', url: 'http://127.0.0.1:1/w/w/c/c/m/m' },
      { type: 'openRun', runId: 'run-1' },
    ];
    for (const m of valid) expect(parseChannelPanelToHost(m), JSON.stringify(m)).toEqual(m);
  });

  it('refuses non-objects, unknown types and prototype keys', () => {
    for (const m of [null, undefined, 'ready', 42, [], { type: 'nope' }, { type: 'toString' }, { type: '__proto__' }, {}]) {
      expect(parseChannelPanelToHost(m)).toBeNull();
    }
  });

  it('refuses extra fields (e.g. a smuggled token) and missing or mistyped fields', () => {
    expect(parseChannelPanelToHost({ type: 'ready', token: 'hpt_x' })).toBeNull();
    expect(parseChannelPanelToHost({ type: 'post', requestId: 'r', body: 'x' })).toBeNull();
    expect(parseChannelPanelToHost({ type: 'post', requestId: 'r', body: 'x', parentId: 3 })).toBeNull();
    expect(parseChannelPanelToHost({ type: 'edit', requestId: 'r', messageId: 'a/b', body: 'x' })).toBeNull();
    expect(parseChannelPanelToHost({ type: 'openThread', rootId: '' })).toBeNull();
    expect(parseChannelPanelToHost({ type: 'loadOlder', before: '' })).toBeNull();
  });

  it('refuses empty and oversized bodies', () => {
    expect(parseChannelPanelToHost({ type: 'post', requestId: 'r', body: '   ', parentId: null })).toBeNull();
    expect(parseChannelPanelToHost({ type: 'post', requestId: 'r', body: 'x'.repeat(MAX_BODY_LENGTH + 1), parentId: null })).toBeNull();
    expect(parseChannelPanelToHost({ type: 'post', requestId: 'r', body: 'x'.repeat(MAX_BODY_LENGTH), parentId: null })).not.toBeNull();
  });

  it('refuses links that are not http(s) or mailto', () => {
    for (const url of ['javascript:alert(1)', 'command:wsc.signOut', 'file:///etc/passwd', 'vscode://x', 'data:text/html,x']) {
      expect(parseChannelPanelToHost({ type: 'openLink', url })).toBeNull();
      expect(parseChannelPanelToHost({ type: 'copyLink', url })).toBeNull();
    }
  });
});
