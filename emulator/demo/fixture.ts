// The built-in demo workspace (`wsc serve --demo`): a small product team building "Lumen", with
// people of every role, channels with topics and room icons, a private channel, a DM, threads,
// docs in folders, tasks and epics across statuses, a finished run with a child run, and an
// automation. Timestamps are relative to when it loads, so the demo always looks fresh.
import { SCOPES } from '../../shared/contract';
import type { Fixture, FixtureRunEvent } from '../fixture-types';
import { DEMO_TOKENS } from './tokens';

export { DEMO_TOKENS };

const u = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const DEMO_IDS = {
  workspace: u(0x1),
  alice: u(0x101),
  bob: u(0x102),
  carol: u(0x103),
  dan: u(0x104),
  erin: u(0x105),
  scout: u(0x201),
  general: u(0x301),
  engineering: u(0x302),
  design: u(0x303),
  launch: u(0x304),
  acme: u(0x305),
  dmAliceBob: u(0x306),
  oldRelease: u(0x307),
  run: u(0x501),
  childRun: u(0x502),
  epicOffline: u(0x601),
  epicLaunch: u(0x602),
} as const;

const I = DEMO_IDS;
const REPO = 'lumen-labs/lumen';

export function demoFixture(nowMs: number = Date.now()): Fixture {
  const ago = (minutes: number) => new Date(nowMs - minutes * 60_000).toISOString();
  let messageNumber = 0;
  const mid = () => u(0x1000 + ++messageNumber);

  const messages: NonNullable<Fixture['messages']> = [];
  const post = (channel_id: string, author_id: string, minutesAgo: number, body: string, parent_id?: string) => {
    const id = mid();
    messages.push({ id, channel_id, author_id, body, created_at: ago(minutesAgo), ...(parent_id ? { parent_id } : {}) });
    return id;
  };

  // #general
  post(I.general, I.alice, 60 * 24 * 3, 'Welcome to **Lumen**! 👋 This is where we share news with the whole team. Docs live under *Docs*, work is tracked in *Tasks*.');
  const standup = post(I.general, I.carol, 60 * 26, 'Reminder: the offline-mode demo is on Thursday. Please add your items to the [release checklist](https://lumen.example/docs/release).');
  post(I.general, I.dan, 60 * 25, 'I will show the sync conflict view 🙌', standup);
  post(I.general, I.bob, 60 * 25 - 10, 'I can cover the CLI part.', standup);
  post(I.general, I.alice, 45, 'Coffee ☕ at 3pm for anyone around the office.');

  // #engineering
  const flaky = post(I.engineering, I.bob, 60 * 5, 'The `sync-store` tests are flaky again on CI — two failures out of the last ten runs. Anyone seen this?');
  post(I.engineering, I.dan, 60 * 5 - 8, 'Yes, it is the clock mock. `advanceTimers` races the write-ahead flush.', flaky);
  post(I.engineering, I.bob, 60 * 5 - 6, '@scout can you look at `test/sync-store.test.ts` and propose a fix?', flaky);
  const reply = post(
    I.engineering,
    I.scout,
    60 * 5 - 9,
    'On it. I replaced the timer mock with an injected clock and made the flush awaitable — see the run for details. PR: https://github.com/lumen-labs/lumen/pull/143',
    flaky,
  );
  // The run starts at Bob's mention and posts the reply when it settles.
  const runStartMs = nowMs - (60 * 5 - 6) * 60_000;
  const demoRun = (id: string, events: FixtureRunEvent[]): NonNullable<Fixture['runs']>[number] => ({
    id,
    channel_id: I.engineering,
    requester_id: I.bob,
    agent_id: I.scout,
    status: 'succeeded',
    started_at: events[0]?.at as string,
    ended_at: events.at(-1)?.at as string,
    events,
  });
  const last = messages.find((m) => m.id === reply);
  if (last) last.run_id = I.run;
  post(I.engineering, I.carol, 60 * 3, 'Deploying 0.9.2 to staging now 🚀 — release notes are in the checklist doc.');
  post(I.engineering, I.dan, 30, 'Heads-up: `main` now requires Node 20.19+. Run `nvm use` after pulling.');

  // #design
  const mock = post(I.design, I.dan, 60 * 8, 'New empty-state illustrations for the offline banner:\n\n![offline banner](https://lumen.example/files/offline-banner.png)');
  post(I.design, I.alice, 60 * 7, 'Love the second one. Can we try it with the muted palette?', mock);
  post(I.design, I.dan, 60 * 6, 'Sure, updated ✨', mock);

  // #launch (private)
  post(I.launch, I.alice, 60 * 30, 'Launch date candidates: **Oct 14** or **Oct 21**. Press kit draft is in Docs → Product.');
  post(I.launch, I.carol, 60 * 29, 'Oct 21 gives us a buffer for the store review. Voting for that.');

  // #client-acme (has a guest)
  post(I.acme, I.erin, 60 * 10, 'Hi team — Acme here. Our IT asks whether offline data is encrypted at rest?');
  post(I.acme, I.carol, 60 * 9, '@erin yes: AES-256 with a key kept in the OS keychain. I will send the security note today.');

  // DM alice <-> bob
  post(I.dmAliceBob, I.alice, 60 * 2, 'Could you review the CLI PR before the demo?');
  post(I.dmAliceBob, I.bob, 60 * 2 - 5, 'Will do this afternoon 👍');

  return {
    workspace: { id: I.workspace, name: 'Lumen Labs' },
    people: [
      { id: I.alice, name: 'Alice Chen', handle: 'alice', role: 'owner', founder: true },
      { id: I.bob, name: 'Bob Martínez', handle: 'bob', role: 'member' },
      { id: I.carol, name: 'Carol Okafor', handle: 'carol', role: 'admin' },
      { id: I.dan, name: 'Dan Ivanov', handle: 'dan', role: 'member' },
      { id: I.erin, name: 'Erin Walsh (Acme)', handle: 'erin', role: 'guest' },
    ] as Fixture['people'],
    tokens: [
      { token: DEMO_TOKENS.alice, person: I.alice, name: 'Demo: Alice (owner)', scopes: [SCOPES.read, SCOPES.write, SCOPES.admin] },
      { token: DEMO_TOKENS.bob, person: I.bob, name: 'Demo: Bob (member)', scopes: [SCOPES.read, SCOPES.write] },
      { token: DEMO_TOKENS.carol, person: I.carol, name: 'Demo: Carol (admin)', scopes: [SCOPES.read, SCOPES.write, SCOPES.admin] },
      { token: DEMO_TOKENS.erin, person: I.erin, name: 'Demo: Erin (guest)', scopes: [SCOPES.read, SCOPES.write] },
      { token: DEMO_TOKENS.readonly, person: I.bob, name: 'Demo: Bob (read only)', scopes: [SCOPES.read] },
    ],
    agents: [{ id: I.scout, name: 'Scout', handle: 'scout', token: 'mgo_demo_scout', autoReply: true }],
    channels: [
      { id: I.general, name: 'general', description: 'Company-wide news and hellos', members: [I.alice, I.bob, I.carol, I.dan], room_icon: 'emoji:👋' },
      { id: I.engineering, name: 'engineering', description: 'Builds, reviews, CI and releases', members: [I.alice, I.bob, I.carol, I.dan, I.scout], room_icon: 'icon:code:#3b82f6' },
      { id: I.design, name: 'design', description: 'Mockups, illustrations and UX reviews', members: [I.alice, I.dan], room_icon: 'emoji:🎨' },
      { id: I.launch, name: 'launch-planning', description: 'Launch dates, press kit, store review', private: true, members: [I.alice, I.carol], room_icon: 'emoji:🚀:#f97316' },
      { id: I.acme, name: 'client-acme', description: 'Shared with Acme Corp', members: [I.alice, I.carol, I.erin], room_icon: 'icon:handshake' },
      { id: I.dmAliceBob, name: 'Alice Chen, Bob Martínez', kind: 'dm', members: [I.alice, I.bob] },
      { id: I.oldRelease, name: 'release-0-8', description: 'Retired release room', archived: true, members: [I.alice, I.bob] },
    ],
    messages,
    docs: [
      { id: 'doc-eng', title: 'Engineering', is_folder: true, created_at: ago(60 * 24 * 30) },
      { id: 'doc-product', title: 'Product', is_folder: true, created_at: ago(60 * 24 * 30) },
      {
        id: 'doc-architecture',
        title: 'Architecture overview',
        parent_id: 'doc-eng',
        created_at: ago(60 * 24 * 20),
        updated_at: ago(60 * 24 * 2),
        body: [
          '# Architecture overview',
          '',
          'Lumen is a local-first notes app. Every device keeps a full replica in SQLite and syncs through a small relay.',
          '',
          '## Components',
          '',
          '| Part | Language | Owner |',
          '|---|---|---|',
          '| `app/` desktop shell | TypeScript | @dan |',
          '| `sync-store/` replica + CRDT merge | TypeScript | @bob |',
          '| `relay/` sync relay | Go | @carol |',
          '',
          '## Sync',
          '',
          '1. Writes land in the write-ahead log first.',
          '2. The flusher batches them every 250 ms.',
          '3. The relay fans batches out; conflicts merge per field.',
          '',
          '> Never block the UI thread on the network.',
        ].join('\n'),
      },
      {
        id: 'doc-release',
        title: 'Release checklist',
        parent_id: 'doc-eng',
        created_at: ago(60 * 24 * 10),
        updated_at: ago(60 * 3),
        body: '# Release checklist\n\n- [x] Bump version to 0.9.2\n- [x] Changelog\n- [ ] Staging smoke test\n- [ ] Store screenshots\n- [ ] Announce in #general\n',
      },
      {
        id: 'doc-roadmap',
        title: 'Roadmap Q4',
        parent_id: 'doc-product',
        created_at: ago(60 * 24 * 15),
        body: '# Roadmap Q4\n\n## Now\n- Offline mode (epic T-1)\n\n## Next\n- Shared notebooks\n- Mobile beta\n\n## Later\n- Plugins\n',
      },
      {
        id: 'doc-agents',
        title: 'AGENTS.md',
        mirrors_rules_file: true,
        created_at: ago(60 * 24 * 12),
        body: '# Rules for agents\n\n- Run `npm test` before proposing a change.\n- Keep pull requests under 400 lines.\n- Never commit secrets; use channel env values.\n',
      },
    ],
    tasks: [
      { id: I.epicOffline, number: 1, title: 'Offline mode', kind: 'epic', status: 'doing', priority: 2, channel_id: I.engineering, labels: ['q4'], description: 'Everything works without a network; sync resumes on reconnect.', created_at: ago(60 * 24 * 21) },
      { number: 2, title: 'Injected clock for sync-store tests', status: 'in_review', priority: 2, epic_id: I.epicOffline, channel_id: I.engineering, labels: ['ci', 'flaky'], assignee_agent_id: I.scout, pr_url: `https://github.com/${REPO}/pull/143`, pr_number: 143, repo_full_name: REPO, branch: 'scout/injected-clock', created_at: ago(60 * 5) },
      { number: 3, title: 'Conflict view for concurrent edits', status: 'doing', priority: 3, epic_id: I.epicOffline, channel_id: I.engineering, labels: ['ui'], assignee_user_id: I.dan, created_at: ago(60 * 24 * 6) },
      { number: 4, title: 'Persist the outbox across restarts', status: 'done', priority: 1, epic_id: I.epicOffline, channel_id: I.engineering, assignee_user_id: I.bob, pr_url: `https://github.com/${REPO}/pull/131`, pr_number: 131, repo_full_name: REPO, branch: 'bob/outbox', created_at: ago(60 * 24 * 9) },
      { number: 5, title: 'Offline banner illustrations', status: 'todo', priority: 4, epic_id: I.epicOffline, channel_id: I.design, labels: ['design'], assignee_user_id: I.dan, created_at: ago(60 * 24 * 2) },
      { id: I.epicLaunch, number: 6, title: 'Public launch', kind: 'epic', status: 'todo', priority: 2, channel_id: I.launch, created_at: ago(60 * 24 * 14) },
      { number: 7, title: 'Press kit', status: 'backlog', priority: 3, epic_id: I.epicLaunch, channel_id: I.launch, assignee_user_id: I.alice, created_at: ago(60 * 24 * 4) },
      { number: 8, title: 'Old export format', status: 'canceled', priority: 0, channel_id: I.engineering, created_at: ago(60 * 24 * 40) },
    ],
    runs: [
      demoRun(I.run, demoRunEvents(runStartMs, reply)),
      demoRun(I.childRun, childRunEvents(runStartMs + CHILD_START_OFFSET_MS)),
    ],
    links: [
      { channel_id: I.engineering, kind: 'repository', url: `https://github.com/${REPO}`, repo_full_name: REPO },
      { channel_id: I.engineering, kind: 'branch', url: `https://github.com/${REPO}/tree/main`, repo_full_name: REPO, branch: 'main' },
    ],
    automations: [
      { id: 'auto-deploy-rocket', channel_id: I.engineering, name: 'Rocket on deploys', trigger: { kind: 'message', options: { contains: 'deploy' } }, actions: [{ kind: 'add_reaction', options: { emoji: '🚀' } }], enabled: true },
      { id: 'auto-merged-note', channel_id: I.engineering, name: 'Announce merged PRs', trigger: { kind: 'pr_merged', options: {} }, actions: [{ kind: 'post_message', options: { text: 'Merged: {{text}} 🎉' } }], enabled: true },
    ],
    features: { zeroToOne: true, warmWorkspaces: true },
    // Demo extensions read by the domains modules.
    artifacts: [{ id: 'app-standup-timer', channel_id: I.engineering, title: 'Standup timer', address: 'standup-timer', published: true }],
    env: [
      { channel_id: I.engineering, name: 'NPM_TOKEN', kind: 'secret', value: 'demo-not-a-real-token' },
      { channel_id: I.engineering, name: 'NODE_ENV', kind: 'variable', value: 'test' },
    ],
    budgets: [{ channel_id: I.engineering, monthlyCredits: 500, usedCredits: 137 }],
    warm_workspaces: [{ channel_id: I.engineering, status: 'ready' }],
  };
}

/** The child run starts when the parent's `child.started` event says so. */
const CHILD_START_OFFSET_MS = 10_000;

function demoRunEvents(startMs: number, replyId: string): FixtureRunEvent[] {
  let t = startMs;
  const at = (seconds: number) => new Date((t += seconds * 1000)).toISOString();
  return [
    { name: 'run.started', at: at(0), payload: { prompt_summary: 'Fix flaky sync-store tests' } },
    { name: 'tool.call', at: at(4), payload: { tool: 'read_file', call_id: 'c1', input_summary: 'test/sync-store.test.ts' } },
    { name: 'tool.result', at: at(1), payload: { call_id: 'c1', ok: true, output_summary: '212 lines', duration_ms: 38 } },
    { name: 'child.started', at: at(5), payload: { run_id: DEMO_IDS.childRun, agent: 'Scout', lane: 'tests' } },
    { name: 'file.changed', at: at(40), payload: { path: 'sync-store/src/flusher.ts', change: 'modified', additions: 18, deletions: 9 } },
    { name: 'file.changed', at: at(3), payload: { path: 'test/sync-store.test.ts', change: 'modified', additions: 24, deletions: 31 } },
    { name: 'child.settled', at: at(30), payload: { run_id: DEMO_IDS.childRun, status: 'succeeded' } },
    { name: 'check.completed', at: at(50), payload: { name: 'npm test', conclusion: 'success', details: '412 passed' } },
    { name: 'usage.reported', at: at(2), payload: { input_tokens: 48210, output_tokens: 6120, credits: 3 } },
    { name: 'message.posted', at: at(1), payload: { message_id: replyId } },
    { name: 'run.settled', at: at(1), payload: { status: 'succeeded', summary: 'Opened PR #143 with an injected clock' } },
  ];
}

function childRunEvents(startMs: number): FixtureRunEvent[] {
  let t = startMs;
  const at = (seconds: number) => new Date((t += seconds * 1000)).toISOString();
  return [
    { name: 'run.started', lane: 'tests', at: at(0), payload: { prompt_summary: 'Run the sync-store suite 50 times' } },
    { name: 'tool.call', lane: 'tests', at: at(2), payload: { tool: 'shell', call_id: 'k1', input_summary: 'npx vitest run test/sync-store --repeat 50' } },
    { name: 'tool.result', lane: 'tests', at: at(25), payload: { call_id: 'k1', ok: true, output_summary: '50/50 passed', duration_ms: 24800 } },
    { name: 'run.settled', lane: 'tests', at: at(1), payload: { status: 'succeeded' } },
  ];
}
