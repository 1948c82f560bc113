// The one webview message checker (extension/panels/message-checker.ts) and every panel's union
// expressed with it: each shape accepted, and extra, missing, mistyped or unknown ones refused.
import { describe, expect, it } from 'vitest';
import { parseAutomationsToHost, parseHostToAutomations } from '../../../extension/automations/automations-protocol';
import { parseChannelPanelToHost } from '../../../extension/channel-panel/channel-panel-protocol';
import { parseSettingsToHost } from '../../../extension/channel-settings/settings-inbound';
import { parseHostToSettings } from '../../../extension/channel-settings/settings-protocol';
import { isCount, isString, messageChecker, nullable, objectOf, optional } from '../../../extension/panels/message-checker';
import { parseHostToTimeline, parseTimelineToHost, type TimelineRow } from '../../../extension/timeline/timeline-protocol';

type Demo = { type: 'a' } | { type: 'b'; n: number; s: string | null; o?: string };
const parseDemo = messageChecker<Demo>({ a: {}, b: { n: isCount, s: nullable(isString), o: optional(isString) } });

/** Every `accepted` message comes back as itself; every `refused` one is null. */
function expectChecks(parse: (data: unknown) => unknown, accepted: unknown[], refused: unknown[]): void {
  for (const m of accepted) expect(parse(m), JSON.stringify(m)).toEqual(m);
  for (const m of refused) expect(parse(m), JSON.stringify(m)).toBeNull();
}

const NOT_MESSAGES = [null, undefined, 'ready', 7, [], [{ type: 'ready' }], {}, { type: 3 }, { type: 'toString' }, { type: 'constructor' }, { type: 'hasOwnProperty' }];

describe('messageChecker', () => {
  it('accepts exactly the declared shapes, optional fields absent, undefined or valid', () => {
    expectChecks(
      parseDemo,
      [{ type: 'a' }, { type: 'b', n: 0, s: null }, { type: 'b', n: 2, s: 'x', o: 'y' }],
      [...NOT_MESSAGES, { type: 'a', extra: 1 }, { type: 'b', n: 1 }, { type: 'b', n: -1, s: null }, { type: 'b', n: 1.5, s: null }, { type: 'b', n: 1, s: null, o: 3 }],
    );
    expect(parseDemo({ type: 'b', n: 1, s: null, o: undefined })).not.toBeNull();
  });

  it('refuses a smuggled __proto__ key and a prototype-less object', () => {
    expect(parseDemo(JSON.parse('{"type":"a","__proto__":{"x":1}}'))).toBeNull();
    expect(parseDemo(Object.create(null))).toBeNull();
  });

  it('objectOf checks nested objects exactly', () => {
    const check = objectOf({ a: isString, b: optional(isCount) });
    expect(check({ a: 'x' })).toBe(true);
    expect(check({ a: 'x', b: 2 })).toBe(true);
    expect(check({ a: 'x', c: 1 })).toBe(false);
    expect(check({ b: 2 })).toBe(false);
    expect(check(['x'])).toBe(false);
  });
});

describe('channel panel → host', () => {
  it('accepts each shape and refuses the malformed ones', () => {
    expectChecks(
      parseChannelPanelToHost,
      [
        { type: 'ready' },
        { type: 'loadOlder', before: '2026-01-01T00:00:00.000001Z' },
        { type: 'openThread', rootId: 'm-1' },
        { type: 'closeThread' },
        { type: 'post', requestId: 'r1', body: 'hi', parentId: null },
        { type: 'edit', requestId: 'r2', messageId: 'm-1', body: 'fixed' },
        { type: 'openLink', url: 'https://example.com' },
        { type: 'copyLink', url: 'mailto:a@b.c' },
        { type: 'openRun', runId: 'run-1' },
        { type: 'shown', messages: 30, olderShown: false, focusedId: null, days: 2, grouped: 5, mentionsMe: 1, overlapping: 0, savedCopy: null },
        { type: 'shown', messages: 80, olderShown: true, focusedId: 'm-1', days: 1, grouped: 0, mentionsMe: 0, overlapping: 0, savedCopy: 'Saved copy · updated 3 min ago' },
      ],
      [
        ...NOT_MESSAGES,
        { type: 'shown', messages: -1, olderShown: false, focusedId: null, days: 0, grouped: 0, mentionsMe: 0, overlapping: 0, savedCopy: null },
        { type: 'shown', messages: 1, olderShown: 'no', focusedId: null, days: 0, grouped: 0, mentionsMe: 0, overlapping: 0, savedCopy: null },
        { type: 'shown', messages: 1, olderShown: false, focusedId: null, days: 0, grouped: 0, mentionsMe: 0, overlapping: 0, savedCopy: 3 },
        { type: 'closeThread', rootId: 'm-1' },
        { type: 'loadOlder', before: 'x'.repeat(201) },
        { type: 'post', requestId: 'r1', body: 'hi' },
        { type: 'edit', requestId: 'r 2', messageId: 'm-1', body: 'x' },
        { type: 'copyLink', url: 'javascript:alert(1)' },
        { type: 'openRun', runId: '../x' },
      ],
    );
  });
});

describe('automations', () => {
  it('webview → host', () => {
    expectChecks(
      parseAutomationsToHost,
      [
        { type: 'ready' },
        { type: 'refresh' },
        { type: 'save', requestId: 'r1', draft: { name: 'x' } },
        { type: 'save', requestId: 'r1', draft: null },
        { type: 'toggle', automationId: 'a1', enabled: true },
        { type: 'delete', automationId: 'a1' },
        { type: 'copyWebhookKey' },
        { type: 'dismissWebhookKey' },
      ],
      [...NOT_MESSAGES, { type: 'save', requestId: 'r1' }, { type: 'toggle', automationId: 'a1', enabled: 1 }, { type: 'delete', automationId: 'a/1' }, { type: 'refresh', all: true }],
    );
  });

  it('host → webview', () => {
    const draft = { name: '', enabled: true };
    expectChecks(
      parseHostToAutomations,
      [
        { type: 'init', channel: { id: 'c', name: 'n' }, triggerKinds: [], actionKinds: [], limits: { actionsMin: 1, actionsMax: 5, scheduleMinMinutes: 5 }, emptyDraft: draft },
        { type: 'list', automations: [], isAdmin: false, adminReason: 'admins only' },
        { type: 'formErrors', requestId: 'r', errors: [], message: 'm', hint: 'h' },
        { type: 'saved', requestId: 'r', automationId: 'a', created: true },
        { type: 'webhookKey', automationId: 'a', name: 'n', key: 'k', path: '/p' },
        { type: 'webhookKeyCleared' },
        { type: 'notice', kind: 'info', message: 'm' },
        { type: 'notice', kind: 'error', message: 'm', hint: 'h' },
        { type: 'busy', busy: false },
      ],
      [...NOT_MESSAGES, { type: 'script' }, { type: 'busy' }, { type: 'notice', kind: 'warn', message: 'm' }, { type: 'list', automations: {}, isAdmin: true, adminReason: '' }],
    );
  });
});

describe('channel settings', () => {
  it('webview → host, env names by the contract pattern', () => {
    expectChecks(
      parseSettingsToHost,
      [
        { type: 'ready' },
        { type: 'refresh' },
        { type: 'copyMention', mention: '@alice' },
        { type: 'openLink', url: 'https://github.com/acme/app' },
        { type: 'setEnv', name: null },
        { type: 'setEnv', name: 'DATABASE_URL' },
        { type: 'deleteEnv', name: '_TOKEN2' },
        { type: 'setBudget' },
        { type: 'rebuildWarm' },
      ],
      [
        ...NOT_MESSAGES,
        { type: 'setEnv', name: 'API_KEY', value: 'secret' },
        { type: 'setEnv', name: 'lower_case' },
        { type: 'deleteEnv', name: '1ST' },
        { type: 'deleteEnv', name: 'A'.repeat(65) },
        { type: 'openLink', url: 'mailto:a@b.c' },
        { type: 'copyMention', mention: '' },
      ],
    );
    expect(parseSettingsToHost({ type: 'deleteEnv', name: 'A'.repeat(64) })).not.toBeNull();
  });

  it('host → webview', () => {
    expectChecks(
      parseHostToSettings,
      [
        { type: 'init', channel: { id: 'c', name: 'n' }, canAdmin: true, adminReason: '' },
        { type: 'section', section: 'members', members: [] },
        { type: 'section', section: 'budget', budget: { monthlyCredits: null, usedCredits: 0, month: '2026-01' } },
        { type: 'sectionError', section: 'env', message: 'm', hint: 'h' },
        { type: 'notice', kind: 'info', message: 'm' },
      ],
      [...NOT_MESSAGES, { type: 'eval' }, { type: 'section', section: 'secrets', members: [] }, { type: 'section', section: 'env', env: {} }, { type: 'init', channel: 'c', canAdmin: true, adminReason: '' }],
    );
  });
});

describe('run timeline', () => {
  const row: TimelineRow = { seq: 1, name: 'run.started', lane: 'main', runtime: 'r', at: '2026-01-01T00:00:00Z', kind: 'run', codicon: 'play', glyph: '▶', title: 't', detail: 'd', known: true, withheld: false };

  it('webview → host', () => {
    expectChecks(
      parseTimelineToHost,
      [{ type: 'ready' }, { type: 'retry' }, { type: 'refresh' }, { type: 'openRun', runId: 'b1' }, { type: 'rendered', total: 3, matching: 2, domRows: 2, clippedButtons: 0 }, { type: 'openFileChange', seq: 4 }, { type: 'replyToStep', seq: 4 }],
      [...NOT_MESSAGES, { type: 'retry', extra: 1 }, { type: 'openRun', runId: '' }, { type: 'openRun', runId: 'x'.repeat(201) }, { type: 'rendered', total: 3, matching: 2 }, { type: 'replyToStep', seq: -1 }, { type: 'openFileChange', seq: '4' }],
    );
  });

  it('host → webview, rows checked field by field', () => {
    expectChecks(
      parseHostToTimeline,
      [
        { type: 'init', runId: 'r', title: 't', resumedAfter: null, canReply: false },
        { type: 'init', runId: 'r', title: 't', resumedAfter: 4, canReply: true },
        { type: 'events', rows: [row, { ...row, seq: 2, kind: 'child', childRunId: 'c1' }, { ...row, seq: 3, kind: 'file', filePath: 'a.ts', fileDiff: true }] },
        { type: 'events', rows: [], reset: true },
        { type: 'follow', state: 'following', after: 3, nextPollInMs: 1000 },
        { type: 'follow', state: 'stopped', after: 3, message: 'paused' },
        { type: 'retryResult', ok: false, message: 'm', hint: 'h' },
        { type: 'error', message: 'm' },
      ],
      [
        ...NOT_MESSAGES,
        { type: 'events', rows: [{ ...row, kind: 'bogus' }] },
        { type: 'events', rows: [{ ...row, html: '<b>' }] },
        { type: 'events', rows: [row], reset: 'yes' },
        { type: 'follow', state: 'dancing', after: 3 },
        { type: 'init', runId: 'r', title: 't' },
        { type: 'init', runId: 'r', title: 't', resumedAfter: null },
        { type: 'events', rows: [{ ...row, fileDiff: 'yes' }] },
        { type: 'error', message: 'm', script: 'x' },
      ],
    );
  });
});
