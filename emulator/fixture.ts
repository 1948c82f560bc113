// The fixture format (design.md "The local service ... Fixture") and the loader of its core part.
// Modules load their own parts (automations, env, ...) through EmulatorModule.loadFixture.
import { KNOWN_RUN_EVENTS, SCOPES, TASK_KINDS, TASK_STATUSES } from '../shared/contract';
import { normalizeTimestamp, parseMicros, formatMicros } from './clock';
import type { Fixture, FixtureLimits, FixtureRunEvent } from './fixture-types';
import { tokenKey } from './token-key';
import type { Services } from './types';

export type * from './fixture-types';

export const DEFAULT_LIMITS: FixtureLimits = { requestsPerWindow: 100_000, windowMs: 60_000 };

export class FixtureError extends Error {}

/** The most messages one message run may write (a few GB of store beyond it). */
const MESSAGE_RUN_MAX = 10_000_000;

function fail(where: string, what: string): never {
  throw new FixtureError(`fixture ${where}: ${what}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the shape enough to give a helpful error instead of a half-loaded workspace. */
export function validateFixture(value: unknown): Fixture {
  if (!isObject(value)) fail('', 'must be a JSON object with workspace, people, tokens and channels');
  if (!isObject(value.workspace) || typeof value.workspace.id !== 'string' || typeof value.workspace.name !== 'string') {
    fail('workspace', 'needs {id, name} strings');
  }
  for (const key of ['people', 'tokens', 'channels'] as const) {
    if (!Array.isArray(value[key])) fail(key, 'must be an array');
  }
  for (const key of ['agents', 'messages', 'messageRuns', 'docs', 'tasks', 'runs', 'links', 'automations'] as const) {
    if (value[key] !== undefined && !Array.isArray(value[key])) fail(key, 'must be an array when present');
  }
  const f = value as unknown as Fixture;
  const ids = new Set<string>();
  f.people.forEach((p, i) => {
    if (typeof p.id !== 'string' || typeof p.handle !== 'string' || typeof p.name !== 'string') fail(`people[${i}]`, 'needs id, name and handle strings');
    if (!['owner', 'admin', 'member', 'guest'].includes(p.role)) fail(`people[${i}].role`, 'must be owner, admin, member or guest');
    ids.add(p.id);
  });
  (f.agents ?? []).forEach((a, i) => {
    if (typeof a.id !== 'string' || typeof a.handle !== 'string') fail(`agents[${i}]`, 'needs id, name and handle strings');
    ids.add(a.id);
  });
  f.tokens.forEach((t, i) => {
    if (typeof t.token !== 'string') fail(`tokens[${i}].token`, 'must be a string');
    if (!ids.has(t.person)) fail(`tokens[${i}].person`, `'${t.person}' is not a person id`);
    if (!Array.isArray(t.scopes) || t.scopes.some((s) => !Object.values(SCOPES).includes(s))) {
      fail(`tokens[${i}].scopes`, `must list scopes among ${Object.values(SCOPES).join(', ')}`);
    }
  });
  const channelIds = new Set<string>();
  f.channels.forEach((c, i) => {
    if (typeof c.id !== 'string' || typeof c.name !== 'string') fail(`channels[${i}]`, 'needs id and name strings');
    if (!Array.isArray(c.members)) fail(`channels[${i}].members`, 'must be an array of person/agent ids');
    for (const m of c.members) if (!ids.has(m)) fail(`channels[${i}].members`, `'${m}' is not a person or agent id`);
    channelIds.add(c.id);
  });
  (f.messages ?? []).forEach((m, i) => {
    if (!channelIds.has(m.channel_id)) fail(`messages[${i}].channel_id`, `'${m.channel_id}' is not a channel id`);
    if (!ids.has(m.author_id)) fail(`messages[${i}].author_id`, `'${m.author_id}' is not a person or agent id`);
    if (typeof m.body !== 'string') fail(`messages[${i}].body`, 'must be a string');
    if (m.created_at !== undefined && normalizeTimestamp(m.created_at) === null) fail(`messages[${i}].created_at`, 'must be an ISO timestamp');
  });
  (f.messageRuns ?? []).forEach((r, i) => {
    if (!channelIds.has(r.channel_id)) fail(`messageRuns[${i}].channel_id`, `'${r.channel_id}' is not a channel id`);
    if (!Array.isArray(r.author_ids) || r.author_ids.length === 0 || r.author_ids.some((a) => !ids.has(a))) fail(`messageRuns[${i}].author_ids`, 'must list person or agent ids');
    if (!Number.isInteger(r.count) || r.count < 0 || r.count > MESSAGE_RUN_MAX) fail(`messageRuns[${i}].count`, `must be an integer from 0 to ${MESSAGE_RUN_MAX}`);
    if (typeof r.body !== 'string' || typeof r.id_prefix !== 'string') fail(`messageRuns[${i}]`, 'needs body and id_prefix strings');
    if (normalizeTimestamp(r.start) === null) fail(`messageRuns[${i}].start`, 'must be an ISO timestamp');
    if (!Number.isInteger(r.step_ms) || r.step_ms < 1) fail(`messageRuns[${i}].step_ms`, 'must be a positive integer');
  });
  (f.tasks ?? []).forEach((t, i) => {
    if (typeof t.title !== 'string') fail(`tasks[${i}].title`, 'must be a string');
    if (t.status !== undefined && !TASK_STATUSES.includes(t.status)) fail(`tasks[${i}].status`, `must be one of ${TASK_STATUSES.join(', ')}`);
    if (t.kind !== undefined && !TASK_KINDS.includes(t.kind)) fail(`tasks[${i}].kind`, 'must be task or epic');
  });
  (f.runs ?? []).forEach((r, i) => {
    if (!channelIds.has(r.channel_id)) fail(`runs[${i}].channel_id`, `'${r.channel_id}' is not a channel id`);
  });
  if (f.limits !== undefined && (!isObject(f.limits) || !(f.limits.requestsPerWindow > 0) || !(f.limits.windowMs > 0))) {
    fail('limits', 'needs positive requestsPerWindow and windowMs');
  }
  return f;
}

/** Inserts the core records. Runs inside the caller's transaction. */
export function loadCoreFixture(svc: Services, f: Fixture): void {
  const { db } = svc;
  svc.setMeta('workspace', f.workspace);
  svc.setMeta('features', { zeroToOne: f.features?.zeroToOne ?? false, warmWorkspaces: f.features?.warmWorkspaces ?? false });
  svc.setMeta('limits', f.limits ?? DEFAULT_LIMITS);

  const insertPerson = db.prepare('INSERT INTO people (id, name, handle, role) VALUES (?, ?, ?, ?)');
  for (const p of f.people) insertPerson.run(p.id, p.name, p.handle, p.role);
  const insertAgent = db.prepare('INSERT INTO agents (id, name, handle, token, auto_reply) VALUES (?, ?, ?, ?, ?)');
  for (const a of f.agents ?? []) insertAgent.run(a.id, a.name, a.handle, a.token ? tokenKey(a.token) : null, a.autoReply ? 1 : 0);
  const insertToken = db.prepare('INSERT INTO tokens (token, person_id, name, scopes, revoked) VALUES (?, ?, ?, ?, ?)');
  // Like the hosted service, the store keeps only a hash of each token (a --data file never holds one).
  for (const t of f.tokens) insertToken.run(tokenKey(t.token), t.person, t.name, JSON.stringify(t.scopes), t.revoked ? 1 : 0);

  const agentIds = new Set((f.agents ?? []).map((a) => a.id));
  const insertChannel = db.prepare(
    'INSERT INTO channels (id, name, description, kind, private, archived, room_icon, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertMember = db.prepare('INSERT OR IGNORE INTO channel_members (channel_id, member_id, member_kind) VALUES (?, ?, ?)');
  for (const c of f.channels) {
    const kind = c.kind ?? 'channel';
    insertChannel.run(c.id, c.name, c.description ?? '', kind, c.private || kind === 'dm' ? 1 : 0, c.archived ? 1 : 0, c.room_icon ?? null, svc.nextTimestamp());
    for (const m of c.members) insertMember.run(c.id, m, agentIds.has(m) ? 'agent' : 'person');
  }

  // Fixture timestamps are kept (normalised); a collision is bumped by 1µs so created_at stays unique.
  const used = new Set<number>();
  const stamp = (value: string | undefined): string => {
    if (value === undefined) {
      const s = svc.nextTimestamp();
      used.add(parseMicros(s) ?? 0);
      return s;
    }
    let micros = parseMicros(value) ?? 0;
    while (used.has(micros)) micros += 1;
    used.add(micros);
    const s = formatMicros(micros);
    svc.clock.observe(s);
    return s;
  };

  const insertMessage = db.prepare(
    `INSERT INTO messages (id, channel_id, parent_id, author_id, author_kind, body, created_at, edited_at, via, run_graph, run_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const m of f.messages ?? []) {
    insertMessage.run(
      m.id, m.channel_id, m.parent_id ?? null, m.author_id, agentIds.has(m.author_id) ? 'agent' : 'person', m.body,
      stamp(m.created_at), m.edited_at ? normalizeTimestamp(m.edited_at) : null, m.via ?? null,
      m.runGraph ? JSON.stringify(m.runGraph) : null, m.run_id ?? null,
    );
  }

  for (const r of f.messageRuns ?? []) {
    const start = parseMicros(normalizeTimestamp(r.start) ?? '') ?? 0;
    for (let i = 0; i < r.count; i++) {
      const author = r.author_ids[i % r.author_ids.length] as string;
      const created = stamp(formatMicros(start + i * r.step_ms * 1000));
      insertMessage.run(`${r.id_prefix}${i}`, r.channel_id, null, author, agentIds.has(author) ? 'agent' : 'person', r.body.replaceAll('{i}', String(i)), created, null, null, null, null);
    }
  }

  const insertDoc = db.prepare(
    'INSERT INTO docs (id, title, body, parent_id, is_folder, created_at, updated_at, mirrors_rules_file) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const d of f.docs ?? []) {
    const created = stamp(d.created_at);
    const updated = d.updated_at ? stamp(d.updated_at) : created;
    insertDoc.run(d.id, d.title, d.body ?? '', d.parent_id ?? null, d.is_folder ? 1 : 0, created, updated, d.mirrors_rules_file ? 1 : 0);
  }

  const insertTask = db.prepare(
    `INSERT INTO tasks (id, number, title, description, kind, status, priority, epic_id, channel_id, labels, assignee_user_id,
     assignee_agent_id, pr_url, pr_number, repo_full_name, branch, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let number = 0;
  for (const t of f.tasks ?? []) {
    number = t.number ?? number + 1;
    const created = stamp(t.created_at);
    insertTask.run(
      t.id ?? svc.newId(), number, t.title, t.description ?? '', t.kind ?? 'task', t.status ?? 'todo', t.priority ?? 0,
      t.epic_id ?? null, t.channel_id ?? null, JSON.stringify(t.labels ?? []), t.assignee_user_id ?? null,
      t.assignee_agent_id ?? null, t.pr_url ?? null, t.pr_number ?? null, t.repo_full_name ?? null, t.branch ?? null, created, created,
    );
  }

  const insertRun = db.prepare('INSERT INTO runs (id, channel_id, requester_id, agent_id, status, started_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const r of f.runs ?? []) {
    insertRun.run(r.id, r.channel_id, r.requester_id, r.agent_id ?? null, r.status, r.started_at ?? null, r.ended_at ?? null);
    appendRunEvents(svc, r.id, r.events ?? []);
  }

  const insertLink = db.prepare(
    'INSERT INTO links (id, channel_id, kind, url, repo_full_name, branch, number, state, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const l of f.links ?? []) {
    insertLink.run(svc.newId(), l.channel_id, l.kind, l.url, l.repo_full_name ?? null, l.branch ?? null, l.number ?? null, l.state ?? null, svc.nextTimestamp());
  }
}

/** Appends events to a run's ledger (fixture and control API); returns the assigned seqs. */
export function appendRunEvents(svc: Services, runId: string, events: FixtureRunEvent[]): number[] {
  const row = svc.db.prepare('SELECT MAX(seq) AS last FROM run_events WHERE run_id = ?').get(runId) as { last: number | null };
  let seq = row.last ?? 0;
  const insert = svc.db.prepare(
    'INSERT INTO run_events (run_id, seq, name, version, runtime, lane, at, redaction, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const seqs: number[] = [];
  for (const e of events) {
    seq = e.seq !== undefined && e.seq > seq ? e.seq : seq + 1;
    const version = e.version ?? KNOWN_RUN_EVENTS[e.name] ?? 1;
    insert.run(runId, seq, e.name, version, e.runtime ?? 'hosted', e.lane ?? 'main', e.at ? normalizeTimestamp(e.at) ?? svc.nextTimestamp() : svc.nextTimestamp(), e.redaction ?? null, JSON.stringify(e.payload ?? {}));
    seqs.push(seq);
  }
  return seqs;
}
