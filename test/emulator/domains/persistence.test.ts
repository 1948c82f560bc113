// --data: automations (with their webhook key hash and schedule), env fingerprints, budgets,
// reactions and founder invitations survive a restart of the local service.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import type { AutomationsResponse, Budget, EnvResponse } from '../../../shared/contract';
import { startEmulator } from '../../support/emulator';
import { action, api, domainFixture, ID, readAction, T } from '../support/domains';

const dir = mkdtempSync(join(tmpdir(), 'wsc-domains-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps the domain state across a restart with the same data file', async () => {
  const dataFile = join(dir, 'state.sqlite');
  const first = await startEmulator({ fixture: domainFixture(), dataFile });
  let hook: { id: string; webhookKey?: string; webhookPath?: string };
  try {
    hook = (await api<typeof hook>(first.url, T.admin, 'POST', `/api/v1/channels/${ID.general}/automations`, {
      name: 'Hook', trigger: { kind: 'webhook', options: {} }, actions: [{ kind: 'post_message', options: { text: 'hook: {{text}}' } }],
    })).body;
    await api(first.url, T.admin, 'POST', `/api/v1/channels/${ID.general}/automations`, {
      name: 'Quarter-hourly', trigger: { kind: 'schedule', options: { everyMinutes: 15 } }, actions: [{ kind: 'add_reaction', options: { emoji: '⏰' } }],
    });
    await api(first.url, T.admin, 'PUT', `/api/v1/channels/${ID.general}/env`, { name: 'TOKEN', value: 's3cret', kind: 'secret' });
    await api(first.url, T.admin, 'PUT', `/api/v1/channels/${ID.general}/budget`, { monthlyCredits: 42 });
    await action(first.url, T.member, 'add_reaction', { messageId: ID.welcome, emoji: '🎉' });
    await action(first.url, T.owner, 'create_founder_invite', { email: 'kept@example.com', requestId: randomUUID() });
  } finally {
    await first.stop();
  }

  const second = await startEmulator({ fixture: domainFixture(), dataFile });
  try {
    const list = await api<AutomationsResponse>(second.url, T.admin, 'GET', `/api/v1/channels/${ID.general}/automations`);
    expect(list.body.automations.map((a) => a.name)).toEqual(expect.arrayContaining(['Hook', 'Quarter-hourly', 'Deploy echo']));
    const fired = await api(second.url, null, 'POST', hook.webhookPath as string, { text: 'after restart' }, { 'x-webhook-key': hook.webhookKey as string });
    expect(fired.status).toBe(202);
    await second.control.advanceClock(15 * 60_000);
    const after = await api<AutomationsResponse>(second.url, T.admin, 'GET', `/api/v1/channels/${ID.general}/automations`);
    expect(after.body.automations.find((a) => a.name === 'Quarter-hourly')?.runs).toHaveLength(1);
    const env = await api<EnvResponse>(second.url, T.admin, 'GET', `/api/v1/channels/${ID.general}/env`);
    expect(env.body.env.map((e) => e.name)).toEqual(['TOKEN']);
    expect((await api<Budget>(second.url, T.member, 'GET', `/api/v1/channels/${ID.general}/budget`)).body.monthlyCredits).toBe(42);
    const reacted = await action(second.url, T.owner, 'add_reaction', { messageId: ID.welcome, emoji: '🎉' });
    expect(reacted.body.reactions).toEqual([{ emoji: '🎉', count: 2, me: true }]);
    const invites = await readAction(second.url, T.owner, 'list_founder_invites');
    expect((invites.body.invites as { email: string }[]).map((i) => i.email)).toContain('kept@example.com');
  } finally {
    await second.stop();
  }
});
