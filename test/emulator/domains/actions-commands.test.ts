// Every generic action command at least once, with its own rules.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONFIRM_PHRASES } from '../../../shared/contract';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { action, api, domainFixture, errorCode, ID, readAction, T } from '../support/domains';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ fixture: domainFixture() });
});
afterAll(async () => emu.stop());
beforeEach(async () => emu.control.reset(domainFixture()));

type Row = Record<string, unknown>;
const table = async (name: string) => ((await emu.control.state()).tables[name] ?? []) as Row[];

describe('workspace commands', () => {
  it('create_workspace and update_workspace', async () => {
    const created = await action(emu.url, T.member, 'create_workspace', { name: 'Side project' });
    expect(created.body.workspace).toMatchObject({ name: 'Side project', ownerId: ID.member });
    const updated = await action(emu.url, T.owner, 'update_workspace', { workspaceId: ID.workspace, name: 'Acme Renamed', avatarUrl: 'https://img.example/a.png' });
    expect(updated.body.workspace).toMatchObject({ id: ID.workspace, name: 'Acme Renamed', avatarUrl: 'https://img.example/a.png' });
    expect((await api(emu.url, T.member, 'GET', '/api/v1/me')).body.workspace).toBe('Acme Renamed');
    expect((await action(emu.url, T.owner, 'update_workspace', { workspaceId: ID.workspace, avatarUrl: 'http://img.example/a.png' })).status).toBe(400);
    expect((await action(emu.url, T.owner, 'update_workspace', { workspaceId: randomUUID(), name: 'x' })).status).toBe(404);
    expect((await action(emu.url, T.member, 'update_workspace', { workspaceId: ID.workspace, name: 'x' })).status).toBe(403);
  });

  it('leave_workspace: the owner must transfer first', async () => {
    const res = await action(emu.url, T.owner, 'leave_workspace', { workspaceId: ID.workspace, confirm: CONFIRM_PHRASES.leave_workspace });
    expect(res.status).toBe(409);
    expect((res.body.error as { hint: string }).hint).toContain('transfer_workspace');
  });

  it('transfer_workspace (owner only, exact phrase) swaps owner and admin', async () => {
    const input = { workspaceId: ID.workspace, userId: ID.admin, confirm: CONFIRM_PHRASES.transfer_workspace };
    expect((await action(emu.url, T.admin, 'transfer_workspace', input)).status).toBe(403);
    const res = await action(emu.url, T.owner, 'transfer_workspace', input);
    expect(res.status).toBe(200);
    const people = await table('people');
    expect(people.find((p) => p.id === ID.admin)?.role).toBe('owner');
    expect(people.find((p) => p.id === ID.owner)?.role).toBe('admin');
    expect((await action(emu.url, T.admin, 'transfer_workspace', { ...input, userId: ID.guest })).status).toBe(400);
  });

  it('delete_workspace (owner, phrase) ends every token', async () => {
    const res = await action(emu.url, T.owner, 'delete_workspace', { workspaceId: ID.workspace, confirm: CONFIRM_PHRASES.delete_workspace });
    expect(res.status).toBe(200);
    expect((await api(emu.url, T.member, 'GET', '/api/v1/me')).status).toBe(401);
  });
});

describe('channel commands', () => {
  it('update_channel, archive/restore, join and leave', async () => {
    const up = await action(emu.url, T.member, 'update_channel', { channelId: ID.general, description: 'All hands', roomIcon: 'emoji:📣:#112233' });
    expect(up.body.channel).toMatchObject({ description: 'All hands', room_icon: 'emoji:📣:#112233' });
    expect((await action(emu.url, T.member, 'update_channel', { channelId: ID.general, name: 'random' })).status).toBe(409);
    expect((await action(emu.url, T.member, 'update_channel', { channelId: ID.leadership, name: 'x' })).status).toBe(404);
    expect((await action(emu.url, T.member, 'update_channel', { channelId: ID.dm, name: 'x' })).status).toBe(400);
    expect((await action(emu.url, T.mike, 'update_channel', { channelId: ID.general, name: 'x' })).status).toBe(403);

    expect((await action(emu.url, T.admin, 'archive_channel', { channelId: ID.random })).body.channel).toMatchObject({ archived: true });
    expect((await action(emu.url, T.admin, 'archive_channel', { channelId: ID.random })).status).toBe(409);
    expect((await action(emu.url, T.admin, 'restore_channel', { channelId: ID.random })).body.channel).toMatchObject({ archived: false });

    const join = await action(emu.url, T.member, 'join_channel', { channelId: ID.random });
    expect(join.body).toMatchObject({ joined: true, alreadyMember: false });
    expect((await action(emu.url, T.member, 'join_channel', { channelId: ID.leadership })).status).toBe(404);
    expect((await action(emu.url, T.member, 'join_channel', { channelId: ID.archived })).status).toBe(409);
    expect((await action(emu.url, T.member, 'leave_channel', { channelId: ID.random })).body).toMatchObject({ left: true });
    expect((await action(emu.url, T.member, 'leave_channel', { channelId: ID.random })).status).toBe(409);
    expect((await action(emu.url, T.guest, 'leave_channel', { channelId: ID.collab })).status).toBe(200);
    expect((await action(emu.url, T.guest, 'join_channel', { channelId: ID.collab })).status).toBe(403);
  });
});

describe('status, reactions, pins, deleting messages', () => {
  it('set_status sets, validates and clears the caller status', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const set = await action(emu.url, T.member, 'set_status', { emoji: ':palm_tree:', text: 'On leave', expiresAt: future });
    expect(set.body.status).toMatchObject({ emoji: ':palm_tree:', text: 'On leave' });
    expect((await table('person_status')).find((s) => s.person_id === ID.member)).toMatchObject({ text: 'On leave' });
    expect((await action(emu.url, T.member, 'set_status', { emoji: 'smile', text: 'x' })).status).toBe(400);
    expect((await action(emu.url, T.member, 'set_status', { emoji: '🙂', text: 'x', expiresAt: '2001-01-01T00:00:00Z' })).status).toBe(400);
    expect((await action(emu.url, T.member, 'set_status', { emoji: '🙂', text: 'x'.repeat(101) })).status).toBe(400);
    expect((await action(emu.url, T.member, 'set_status', { emoji: '', text: '' })).body.status).toBeNull();
  });

  it('add_reaction / remove_reaction summarise per emoji; unreadable messages are 404', async () => {
    await action(emu.url, T.owner, 'add_reaction', { messageId: ID.welcome, emoji: '👍' });
    const added = await action(emu.url, T.member, 'add_reaction', { messageId: ID.welcome, emoji: '👍' });
    expect(added.body.reactions).toEqual([{ emoji: '👍', count: 2, me: true }]);
    const removed = await action(emu.url, T.member, 'remove_reaction', { messageId: ID.welcome, emoji: '👍' });
    expect(removed.body).toMatchObject({ removed: true, reactions: [{ emoji: '👍', count: 1, me: false }] });
    expect((await action(emu.url, T.guest, 'add_reaction', { messageId: ID.welcome, emoji: '👍' })).status).toBe(404);
    expect((await action(emu.url, T.member, 'add_reaction', { messageId: ID.welcome, emoji: 'thumbs' })).status).toBe(400);
  });

  it('pin_message / unpin_message', async () => {
    expect((await action(emu.url, T.member, 'pin_message', { messageId: ID.welcome })).body).toMatchObject({ pinned: true, alreadyPinned: false });
    expect((await action(emu.url, T.member, 'pin_message', { messageId: ID.welcome })).body).toMatchObject({ alreadyPinned: true });
    expect(await table('pins')).toHaveLength(1);
    expect((await action(emu.url, T.member, 'unpin_message', { messageId: ID.welcome })).body).toMatchObject({ pinned: false, wasPinned: true });
    expect(await table('pins')).toHaveLength(0);
  });

  it("delete_message deletes only the caller's own messages (a root takes its replies)", async () => {
    expect((await action(emu.url, T.member, 'delete_message', { messageId: ID.welcome })).status).toBe(403);
    const posted = await api<{ id: string }>(emu.url, T.member, 'POST', `/api/v1/channels/${ID.general}/messages`, { body: 'oops, wrong room' });
    await api(emu.url, T.owner, 'POST', `/api/v1/channels/${ID.general}/messages`, { body: 'a reply', parent_id: posted.body.id });
    const res = await action(emu.url, T.member, 'delete_message', { messageId: posted.body.id });
    expect(res.body).toMatchObject({ deleted: true, repliesDeleted: 1 });
    expect((await api(emu.url, T.member, 'GET', `/api/v1/threads/${posted.body.id}`)).status).toBe(404);
  });
});

describe('native artifacts', () => {
  it('list and get are room-scoped reads', async () => {
    const list = await readAction(emu.url, T.member, 'list_native_artifacts', { channelId: ID.general });
    expect(list.body.artifacts).toEqual([expect.objectContaining({ id: 'app-1', address: 'standup-timer', url: 'https://standup-timer.apps.localhost' })]);
    expect((await readAction(emu.url, T.member, 'get_native_artifact', { artifactId: 'app-1' })).body.artifact).toMatchObject({ title: 'Standup timer' });
    expect((await readAction(emu.url, T.member, 'get_native_artifact', { artifactId: 'app-2' })).status).toBe(404);
    expect((await readAction(emu.url, T.member, 'list_native_artifacts', { channelId: ID.leadership })).status).toBe(404);
    expect((await readAction(emu.url, T.owner, 'get_native_artifact', { artifactId: 'app-2' })).status).toBe(200);
  });
});

describe('docs folder commands', () => {
  it('create_doc_folder, move_doc, rename_doc and delete_doc', async () => {
    const folder = await action(emu.url, T.member, 'create_doc_folder', { title: 'Runbooks', parentId: ID.folder });
    const id = folder.body.id as string;
    expect((await action(emu.url, T.member, 'create_doc_folder', { title: 'x', parentId: ID.onboardingDoc })).status).toBe(400);
    expect((await action(emu.url, T.member, 'move_doc', { docId: ID.onboardingDoc, parentId: id })).body).toMatchObject({ parent_id: id });
    expect((await action(emu.url, T.member, 'move_doc', { docId: ID.folder, parentId: id })).status).toBe(400);
    expect((await action(emu.url, T.member, 'rename_doc', { docId: ID.onboardingDoc, title: 'Start here' })).body).toMatchObject({ title: 'Start here' });
    const doc = await api<{ title: string; parent_id: string }>(emu.url, T.member, 'GET', `/api/v1/docs/${ID.onboardingDoc}`);
    expect(doc.body).toMatchObject({ title: 'Start here', parent_id: id });
    const confirm = CONFIRM_PHRASES.delete_doc;
    expect((await action(emu.url, T.member, 'delete_doc', { docId: id, confirm })).status).toBe(403);
    expect((await action(emu.url, T.admin, 'delete_doc', { docId: id, confirm })).status).toBe(409);
    expect((await action(emu.url, T.admin, 'delete_doc', { docId: ID.onboardingDoc, confirm })).body).toMatchObject({ deleted: true });
    expect((await action(emu.url, T.admin, 'delete_doc', { docId: id, confirm })).status).toBe(200);
    expect((await action(emu.url, T.guest, 'rename_doc', { docId: ID.folder, title: 'x' })).status).toBe(403);
  });
});

describe('task commands', () => {
  it('get_task, assign_task and delete_task', async () => {
    expect((await readAction(emu.url, T.member, 'get_task', { taskId: ID.taskWithPr })).body.task).toMatchObject({ ref: 'T-2', pr_number: 42 });
    expect((await readAction(emu.url, T.member, 'get_task', { taskId: 'T-999' })).status).toBe(404);
    const assigned = await action(emu.url, T.member, 'assign_task', { taskId: 'T-2', assigneeAgentId: ID.agent, assigneeUserId: null });
    expect(assigned.body).toMatchObject({ ref: 'T-2', assignee_agent_id: ID.agent, assignee_user_id: null });
    expect((await action(emu.url, T.member, 'assign_task', { taskId: 'T-2' })).status).toBe(400);
    expect((await action(emu.url, T.member, 'assign_task', { taskId: 'T-2', assigneeUserId: 'nobody' })).status).toBe(404);
    const del = await action(emu.url, T.admin, 'delete_task', { taskId: 'T-2', confirm: CONFIRM_PHRASES.delete_task });
    expect(del.body).toMatchObject({ deleted: true, ref: 'T-2' });
    expect((await readAction(emu.url, T.member, 'get_task', { taskId: 'T-2' })).status).toBe(404);
  });
});

describe('founder invitations', () => {
  const create = (input: Record<string, unknown>, token: string = T.owner) => action(emu.url, token, 'create_founder_invite', { requestId: randomUUID(), ...input });

  it('are founder-only and need workspace:admin', async () => {
    const refused = await readAction(emu.url, T.admin, 'list_founder_invites');
    expect(refused.status).toBe(403);
    expect((refused.body.error as { message: string }).message).toContain('founder');
    expect((await readAction(emu.url, T.owner, 'list_founder_invites')).status).toBe(200);
  });

  it('create applies defaults and ranges; requestId must be a UUID', async () => {
    const res = await create({ email: 'ada@example.com' });
    expect(res.body.invite).toMatchObject({ plan: 'max', months: 1, acceptWithinDays: 30, creditsPerMonth: 10000, status: 'draft' });
    expect(res.body.emailSent).toBe(false);
    expect((await create({ email: 'pro@example.com', plan: 'pro' })).body.invite).toMatchObject({ creditsPerMonth: 2000 });
    for (const bad of [{ months: 13 }, { months: 0 }, { acceptWithinDays: 91 }, { creditsPerMonth: 50001 }, { plan: 'team' }, { email: 'not-an-email' }]) {
      expect((await create({ email: 'x@example.com', ...bad })).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await action(emu.url, T.owner, 'create_founder_invite', { email: 'x@example.com' })).status).toBe(400);
    expect((await action(emu.url, T.owner, 'create_founder_invite', { email: 'x@example.com', requestId: 'not-a-uuid' })).status).toBe(400);
    const list = await readAction(emu.url, T.owner, 'list_founder_invites');
    expect((list.body.invites as unknown[]).length).toBe(3); // the fixture one + two created
  });

  it('list reads the latest 200 invitations, newest first', async () => {
    for (let i = 0; i < 201; i++) await create({ email: `person${i}@example.com` });
    const list = await readAction(emu.url, T.owner, 'list_founder_invites');
    const invites = list.body.invites as { email: string }[];
    expect(invites).toHaveLength(200);
    expect(list.body.total).toBe(202);
    expect(invites[0]?.email).toBe('person200@example.com');
  });

  it('preview returns the exact email and the private link', async () => {
    const id = ((await create({ email: 'ada@example.com', months: 3, note: 'Welcome aboard!' })).body.invite as { id: string }).id;
    const preview = await readAction(emu.url, T.owner, 'preview_founder_invite', { inviteId: id });
    const email = preview.body.email as { to: string; subject: string; text: string };
    expect(email.to).toBe('ada@example.com');
    expect(email.subject).toBe('Olivia Owner invited you to Acme Test');
    expect(email.text).toContain('3 months of the Max plan');
    expect(email.text).toContain('Welcome aboard!');
    expect(email.text).toContain(preview.body.link as string);
    expect(preview.body.link).toMatch(new RegExp(`/invite/founder/${id}\\?k=`));
    const list = await readAction(emu.url, T.owner, 'list_founder_invites');
    expect(JSON.stringify(list.body)).not.toContain((preview.body.link as string).split('k=')[1]);
  });

  it('send records attempts; resend needs resend:true; deliveryAttemptId retries a failed attempt', async () => {
    const id = ((await create({ email: 'ada@example.com' })).body.invite as { id: string }).id;
    const sent = await action(emu.url, T.owner, 'send_founder_invite', { inviteId: id, requestId: randomUUID() });
    expect(sent.body).toMatchObject({ delivery: 'accepted', emailSent: false });
    expect((await action(emu.url, T.owner, 'send_founder_invite', { inviteId: id, requestId: randomUUID() })).status).toBe(409);
    const again = await action(emu.url, T.owner, 'send_founder_invite', { inviteId: id, requestId: randomUUID(), resend: true });
    expect(again.body.sendAttemptId).not.toBe(sent.body.sendAttemptId);
    expect(((again.body.invite as { sendAttempts: unknown[] }).sendAttempts)).toHaveLength(2);

    const failing = ((await create({ email: 'bob+fail@example.com' })).body.invite as { id: string }).id;
    const failed = await action(emu.url, T.owner, 'send_founder_invite', { inviteId: failing, requestId: randomUUID() });
    expect(failed.body).toMatchObject({ delivery: 'failed' });
    const retry = await action(emu.url, T.owner, 'send_founder_invite', { inviteId: failing, requestId: randomUUID(), deliveryAttemptId: failed.body.sendAttemptId });
    expect(retry.body).toMatchObject({ delivery: 'accepted', tries: 2, sendAttemptId: failed.body.sendAttemptId });
    expect((await action(emu.url, T.owner, 'send_founder_invite', { inviteId: failing, requestId: randomUUID(), deliveryAttemptId: failed.body.sendAttemptId })).status).toBe(409);
    expect((await action(emu.url, T.owner, 'send_founder_invite', { inviteId: failing, requestId: randomUUID(), deliveryAttemptId: 'nope' })).status).toBe(404);
  });

  it('revoke only unclaimed; extend to an absolute total of at most 12; notes up to 4000', async () => {
    const id = ((await create({ email: 'ada@example.com' })).body.invite as { id: string }).id;
    expect((await action(emu.url, T.owner, 'revoke_founder_invite', { inviteId: 'inv-claimed' })).status).toBe(409);
    expect((await action(emu.url, T.owner, 'revoke_founder_invite', { inviteId: id })).body.invite).toMatchObject({ status: 'revoked' });
    expect((await action(emu.url, T.owner, 'send_founder_invite', { inviteId: id, requestId: randomUUID() })).status).toBe(409);
    const extended = await action(emu.url, T.owner, 'extend_founder_gift', { inviteId: 'inv-claimed', months: 6 });
    expect(extended.body).toMatchObject({ allowanceRefilled: false, invite: { months: 6, gift: { status: 'active' } } });
    expect((await action(emu.url, T.owner, 'extend_founder_gift', { inviteId: 'inv-claimed', months: 13 })).status).toBe(400);
    expect((await action(emu.url, T.owner, 'extend_founder_gift', { inviteId: 'inv-claimed', months: 1 })).status).toBe(400);
    expect((await action(emu.url, T.owner, 'update_founder_invite_notes', { inviteId: 'inv-claimed', notes: 'n'.repeat(4000) })).status).toBe(200);
    expect((await action(emu.url, T.owner, 'update_founder_invite_notes', { inviteId: 'inv-claimed', notes: 'n'.repeat(4001) })).status).toBe(400);
  });
});

describe('onboarding', () => {
  it('get, save (patch) and finish (creates one doc; repeating keeps it)', async () => {
    const ws = { workspaceId: ID.workspace };
    const first = await readAction(emu.url, T.member, 'get_onboarding', ws);
    expect(first.body).toMatchObject({ answers: {}, finished: false, docId: null });
    await action(emu.url, T.member, 'save_onboarding', { ...ws, answers: { intent: 'ship faster', agentTools: ['claude'] } });
    const saved = await action(emu.url, T.member, 'save_onboarding', { ...ws, answers: { project: 'A CLI for our workspace' } });
    expect(saved.body.answers).toEqual({ intent: 'ship faster', agentTools: ['claude'], project: 'A CLI for our workspace' });
    expect((await action(emu.url, T.member, 'save_onboarding', { ...ws, answers: { favouriteColour: 'red' } })).status).toBe(400);
    const done = await action(emu.url, T.member, 'finish_onboarding', ws);
    expect(done.body).toMatchObject({ finished: true, docCreated: true });
    const again = await action(emu.url, T.member, 'finish_onboarding', ws);
    expect(again.body).toMatchObject({ docCreated: false, docId: done.body.docId });
    const doc = await api<{ body: string }>(emu.url, T.member, 'GET', `/api/v1/docs/${done.body.docId as string}`);
    expect(doc.body.body).toContain('A CLI for our workspace');
    expect((await readAction(emu.url, T.guest, 'get_onboarding', ws)).status).toBe(403);
    expect(errorCode(await readAction(emu.url, T.member, 'get_onboarding', { workspaceId: randomUUID() }))).toBe('not_found');
  });
});
