// The tolerant overlay on the contract's answer schemas: per schema `$id`, the fields the client can
// do without and what it shows instead. Everything else the contract requires stays required (ids,
// cursors, versions: what the client cannot work without). Two rules need no entry here: a field
// whose schema allows null reads as null when a service leaves it out (the spec allows that), and
// unknown fields are always accepted and text is read whatever its length or form
// (`additionalProperties: false` and length bounds are for requests only).
//
// A display field left out of every row of an answer is reported once (display-notices.ts): the
// visible placeholder alone would let a renamed field pass unnoticed.

import { UNDECLARED_COMMAND_INPUT } from '../contract';

const MESSAGE_DEFAULTS = { channel_id: '', author: {}, body: '', reply_count: 0, url: '' };

export const DISPLAY_DEFAULTS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  Identity: { kind: 'person', name: 'unknown', workspaceId: '', workspace: 'unknown workspace', note: '', handle: '' },
  Channel: { description: '', kind: 'channel', private: false, archived: false, is_member: true },
  Author: { id: '', kind: 'person', name: 'unknown author', handle: '' },
  Message: MESSAGE_DEFAULTS,
  MentionRow: { ...MESSAGE_DEFAULTS, reason: 'mention', context: [] },
  MentionsResponse: { hasMore: false },
  PostMessageResult: { url: '' },
  Member: { kind: 'person', name: 'unknown member', mention: '' },
  Link: { kind: 'repository', updated_at: '' },
  Doc: { title: '(untitled)', is_folder: false, created_at: '', mirrors_rules_file: false },
  DocListItem: { title: '(untitled)', is_folder: false, created_at: '', updated_at: '', mirrors_rules_file: false },
  TaskRow: { title: '(untitled)', kind: 'task', priority: 0, labels: [], updated_at: '' },
  Task: { title: '(untitled)', description: '', kind: 'task', priority: 0, labels: [], created_at: '', updated_at: '' },
  RunEvent: { version: 1, runtime: '', lane: '', at: '', known: false, payload: {} },
  WakeCoordinates: { anonKey: '', event: 'wake', refreshMs: 60_000 },
  CapabilitiesResponse: { webmcpStandard: '', webmcpAgentConsumer: {} },
  WebmcpAgentConsumer: { supported: false, note: '' },
  Capability: {
    description: '',
    risk: 'write',
    inputSchema: UNDECLARED_COMMAND_INPUT,
    roles: [],
    scopes: [],
    auditTarget: '',
    transports: ['rest'],
    rateClass: 'write',
    idempotency: 'none',
    interactiveOnly: false,
    webmcpDisposition: 'exposed',
  },
  AutomationsResponse: { isAdmin: false },
  Automation: { channel_id: '', name: '(unnamed)', enabled: false, actions: [], created_at: '', updated_at: '', runs: [] },
  EnvEntry: { kind: 'secret', fingerprint: '' },
};

/**
 * Fields the client works out itself when a service leaves them out (read as '' here, then filled
 * where the answer is read): a task's T-ref is `T-<number>` (spec). Never reported as missing.
 */
export const DERIVED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  TaskRow: ['ref'],
  Task: ['ref'],
  CreateTaskResult: ['ref'],
};
