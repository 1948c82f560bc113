import type { Fixture } from '../../../emulator/fixture';

// The workspace the client's contract tests run against: every resource the Client reads.
export const IDS = {
  workspace: '10000000-0000-4000-8000-000000000001',
  alice: '10000000-0000-4000-8000-0000000000a1',
  bob: '10000000-0000-4000-8000-0000000000b1',
  agent: '10000000-0000-4000-8000-0000000000e1',
  general: '10000000-0000-4000-8000-0000000000c1',
  dm: '10000000-0000-4000-8000-0000000000c2',
  root: '10000000-0000-4000-8000-000000000100',
  folder: '10000000-0000-4000-8000-0000000000d0',
  doc: '10000000-0000-4000-8000-0000000000d1',
  rulesDoc: '10000000-0000-4000-8000-0000000000d2',
  epic: '10000000-0000-4000-8000-0000000000f1',
  task: '10000000-0000-4000-8000-0000000000f2',
  run: '10000000-0000-4000-8000-000000000201',
  automation: '10000000-0000-4000-8000-000000000301',
  artifact: '10000000-0000-4000-8000-000000000401',
} as const;

export const ALICE_TOKEN = 'hpt_client_tests_alice';
export const BOB_TOKEN = 'hpt_client_tests_bob';

export const TOP_LEVEL_COUNT = 12;
export const REPLY_COUNT = 7;
export const RUN_EVENT_COUNT = 9;

const ts = (minute: number): string => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000000Z`;

export function clientFixture(limits?: { requestsPerWindow: number; windowMs: number }): Fixture {
  const topLevel = Array.from({ length: TOP_LEVEL_COUNT }, (_, i) => ({
    id: `10000000-0000-4000-8000-0000000010${String(i).padStart(2, '0')}`,
    channel_id: IDS.general,
    author_id: i % 2 === 0 ? IDS.alice : IDS.bob,
    body: i === 3 ? 'hey @alice can you look at this' : `message number ${i}`,
    created_at: ts(i + 1),
  }));
  const root = { id: IDS.root, channel_id: IDS.general, author_id: IDS.bob, body: 'a thread root', created_at: ts(30) };
  const replies = Array.from({ length: REPLY_COUNT }, (_, i) => ({
    id: `10000000-0000-4000-8000-0000000020${String(i).padStart(2, '0')}`,
    channel_id: IDS.general,
    author_id: i % 2 === 0 ? IDS.alice : IDS.bob,
    parent_id: IDS.root,
    body: `reply ${i}`,
    created_at: ts(31 + i),
  }));
  return {
    workspace: { id: IDS.workspace, name: 'Client tests' },
    people: [
      { id: IDS.alice, name: 'Alice Admin', handle: 'alice', role: 'owner' },
      { id: IDS.bob, name: 'Bob Member', handle: 'bob', role: 'member' },
    ],
    tokens: [
      { token: ALICE_TOKEN, person: IDS.alice, name: 'tests', scopes: ['workspace:read', 'workspace:write', 'workspace:admin'] },
      { token: BOB_TOKEN, person: IDS.bob, name: 'tests', scopes: ['workspace:read', 'workspace:write'] },
    ],
    agents: [{ id: IDS.agent, name: 'Helper', handle: 'helper' }],
    channels: [
      { id: IDS.general, name: 'general', description: 'Everyone', members: [IDS.alice, IDS.bob, IDS.agent] },
      { id: IDS.dm, name: 'alice-bob', kind: 'dm', private: true, members: [IDS.alice, IDS.bob] },
    ],
    messages: [...topLevel, root, ...replies],
    docs: [
      { id: IDS.folder, title: 'Handbook', is_folder: true },
      { id: IDS.doc, title: 'Onboarding', body: '# Onboarding\n\nWelcome.\n', parent_id: IDS.folder },
      { id: IDS.rulesDoc, title: 'AGENTS.md', body: '# Rules\n', mirrors_rules_file: true },
    ],
    tasks: [
      { id: IDS.epic, number: 1, title: 'Launch', kind: 'epic', status: 'doing', channel_id: IDS.general },
      { id: IDS.task, number: 2, title: 'Write the docs', kind: 'task', status: 'todo', priority: 2, epic_id: IDS.epic, channel_id: IDS.general, labels: ['docs'] },
    ],
    runs: [
      {
        id: IDS.run,
        channel_id: IDS.general,
        requester_id: IDS.alice,
        status: 'stopped',
        events: Array.from({ length: RUN_EVENT_COUNT }, (_, i) => ({ name: 'note', payload: { text: `step ${i + 1}` } })),
      },
    ],
    links: [{ channel_id: IDS.general, kind: 'repository', url: 'https://github.com/acme/app', repo_full_name: 'acme/app' }],
    automations: [
      {
        id: IDS.automation,
        channel_id: IDS.general,
        name: 'Greeter',
        trigger: { kind: 'message', options: { contains: 'hello' } },
        actions: [{ kind: 'post_message', options: { text: 'hi {{author}}' } }],
        enabled: true,
      },
    ],
    warm_workspaces: [{ channel_id: IDS.general, status: 'ready' }],
    artifacts: [{ id: IDS.artifact, channel_id: IDS.general, title: 'Status page', published: true }],
    features: { zeroToOne: true, warmWorkspaces: true },
    ...(limits ? { limits } : {}),
  };
}
