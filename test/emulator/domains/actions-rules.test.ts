// Generic actions: the published catalog and the GET/POST, schema, confirmation, role/scope and
// idempotency rules.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONFIRM_PHRASES, COMMANDS, type CapabilitiesResponse } from '../../../shared/contract';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { action, api, domainFixture, errorCode, ID, readAction, T } from '../support/domains';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator({ fixture: domainFixture() });
});
afterAll(async () => emu.stop());
beforeEach(async () => emu.control.reset(domainFixture()));

describe('list_capabilities', () => {
  it('publishes every command with the whole Capability shape', async () => {
    const res = await api<CapabilitiesResponse>(emu.url, T.member, 'GET', '/api/v1/actions/list_capabilities');
    expect(res.status).toBe(200);
    expect(typeof res.body.webmcpStandard).toBe('string');
    expect(res.body.webmcpAgentConsumer).toMatchObject({ supported: expect.any(Boolean), note: expect.any(String) });
    const names = res.body.commands.map((c) => c.name);
    for (const name of Object.values(COMMANDS)) expect(names).toContain(name);
    for (const c of res.body.commands) {
      expect(Object.keys(c)).toEqual(
        expect.arrayContaining(['name', 'description', 'risk', 'inputSchema', 'roles', 'scopes', 'auditTarget', 'transports', 'rateClass', 'idempotency', 'interactiveOnly', 'webmcpDisposition']),
      );
      expect(c.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(['read', 'write', 'admin', 'destructive']).toContain(c.risk);
      expect(c).not.toHaveProperty('founderOnly');
      const phrase = (CONFIRM_PHRASES as Record<string, string>)[c.name];
      if (phrase) {
        expect(c.confirmPhrase).toBe(phrase);
        expect(c.inputSchema.required).toContain('confirm');
      }
      if (c.risk === 'destructive') expect(c.confirmPhrase).toBeDefined();
      if (c.risk !== 'read') expect(c.inputSchema.properties?.requestId).toBeDefined();
    }
    for (const read of ['get_onboarding', 'list_founder_invites', 'preview_founder_invite', 'list_native_artifacts', 'get_native_artifact']) {
      expect(res.body.commands.find((c) => c.name === read)?.risk).toBe('read');
    }
  });
});

describe('GET versus POST', () => {
  it('refuses a mutation on GET with 403 permission_required', async () => {
    const res = await readAction(emu.url, T.owner, 'join_channel', { channelId: ID.random });
    expect(res.status).toBe(403);
    expect(errorCode(res)).toBe('permission_required');
  });

  it('refuses a read command on POST with 400 invalid_request', async () => {
    const res = await action(emu.url, T.member, 'get_task', { taskId: 'T-1' });
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('invalid_request');
  });

  it('coerces query inputs by the schema on GET', async () => {
    const res = await readAction(emu.url, T.member, 'get_task', { taskId: 'T-2' });
    expect(res.status).toBe(200);
    expect((res.body.task as { ref: string }).ref).toBe('T-2');
  });

  it('answers an unknown command with 404 in the error shape', async () => {
    const res = await action(emu.url, T.member, 'launch_rocket', {});
    expect(res.status).toBe(404);
    expect(errorCode(res)).toBe('not_found');
  });
});

describe('input validation', () => {
  it('refuses unknown keys, naming the key', async () => {
    const res = await action(emu.url, T.member, 'join_channel', { channelId: ID.random, color: 'red' });
    expect(res.status).toBe(400);
    expect((res.body.error as { message: string }).message).toContain("'color'");
    const get = await readAction(emu.url, T.member, 'get_task', { taskId: 'T-2', verbose: '1' });
    expect(get.status).toBe(400);
    expect((get.body.error as { message: string }).message).toContain("'verbose'");
  });

  it('enforces lengths, formats and the room icon form', async () => {
    const base = { workspaceId: ID.workspace };
    expect((await action(emu.url, T.member, 'create_channel', { ...base, name: 'x'.repeat(81) })).status).toBe(400);
    expect((await action(emu.url, T.member, 'create_channel', { ...base, name: 'ok', description: 'd'.repeat(501) })).status).toBe(400);
    expect((await action(emu.url, T.member, 'create_channel', { workspaceId: 'not-a-uuid', name: 'ok' })).status).toBe(400);
    for (const bad of ['emoji:ab', 'emoji:🚀🚀', 'icon:', 'emoji:🚀:#12345', 'rocket']) {
      const res = await action(emu.url, T.member, 'create_channel', { ...base, name: `bad-${Math.random()}`, roomIcon: bad });
      expect(res.status, bad).toBe(400);
    }
    let n = 0;
    for (const good of ['emoji:🚀', 'emoji:👍🏽:#a0b1c2', 'icon:rocket', 'icon:code:#3B82F6', null]) {
      const res = await action(emu.url, T.member, 'create_channel', { ...base, name: `good-${n++}`, roomIcon: good });
      expect(res.status, String(good)).toBe(200);
    }
  });

  it('requires the exact confirmation phrase (case and spaces)', async () => {
    for (const wrong of ['Delete channel permanently', 'delete  channel permanently', 'delete channel permanently ', 'yes']) {
      const res = await action(emu.url, T.owner, 'delete_channel', { channelId: ID.random, confirm: wrong });
      expect(res.status, wrong).toBe(400);
      expect((res.body.error as { hint: string }).hint).toContain("'delete channel permanently'");
    }
    expect((await action(emu.url, T.owner, 'delete_channel', { channelId: ID.random })).status).toBe(400);
    const right = await action(emu.url, T.owner, 'delete_channel', { channelId: ID.random, confirm: CONFIRM_PHRASES.delete_channel });
    expect(right.status).toBe(200);
  });
});

describe('roles and scopes', () => {
  const input = { channelId: ID.general };
  it('admin commands need an admin role AND the workspace:admin scope', async () => {
    const member = await action(emu.url, T.memberAdminScope, 'archive_channel', input);
    expect(member.status).toBe(403);
    expect((member.body.error as { message: string }).message).toContain('role');
    const noScope = await action(emu.url, T.adminNoScope, 'archive_channel', input);
    expect(noScope.status).toBe(403);
    expect((noScope.body.error as { message: string }).message).toContain('workspace:admin');
    expect((await action(emu.url, T.admin, 'archive_channel', input)).status).toBe(200);
  });

  it('write commands need workspace:write; guests are kept out of member-only commands', async () => {
    const read = await action(emu.url, T.memberRead, 'pin_message', { messageId: ID.welcome });
    expect(read.status).toBe(403);
    expect((read.body.error as { message: string }).message).toContain('workspace:write');
    expect((await action(emu.url, T.guest, 'create_doc_folder', { title: 'Guest folder' })).status).toBe(403);
    expect((await action(emu.url, T.guest, 'set_status', { emoji: '🌴', text: 'Away' })).status).toBe(200);
  });

  it('leaving the workspace takes effect before a saved receipt can replay', async () => {
    const first = await action(emu.url, T.mike, 'set_status', { emoji: '🎧', text: 'Focus' }, { 'idempotency-key': 'before-leave' });
    expect(first.status).toBe(200);
    const left = await action(emu.url, T.mike, 'leave_workspace', { workspaceId: ID.workspace, confirm: CONFIRM_PHRASES.leave_workspace });
    expect(left.status).toBe(200);
    const replay = await action(emu.url, T.mike, 'set_status', { emoji: '🎧', text: 'Focus' }, { 'idempotency-key': 'before-leave' });
    expect(replay.status).toBe(401);
  });
});

describe('idempotent replay', () => {
  it('replays the original receipt with replayed:true and no repeated effect (header or requestId)', async () => {
    const body = { workspaceId: ID.workspace, name: 'replayed-room' };
    const first = await action(emu.url, T.member, 'create_channel', body, { 'idempotency-key': 'k-1' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, receipt: { requestId: 'k-1', replayed: false } });
    const second = await action(emu.url, T.member, 'create_channel', body, { 'idempotency-key': 'k-1' });
    expect(second.status).toBe(200);
    expect(second.body.receipt).toEqual({ ...(first.body.receipt as object), replayed: true });
    expect(second.body.channel).toEqual(first.body.channel);

    const viaBody = { workspaceId: ID.workspace, name: 'second-room', requestId: 'r-1' };
    const a = await action(emu.url, T.member, 'create_channel', viaBody);
    const b = await action(emu.url, T.member, 'create_channel', viaBody);
    expect(a.body.receipt).toMatchObject({ requestId: 'r-1', replayed: false });
    expect(b.body.receipt).toMatchObject({ requestId: 'r-1', replayed: true, actionId: (a.body.receipt as { actionId: string }).actionId });

    const state = await emu.control.state();
    const channels = state.tables.channels as { name: string }[];
    expect(channels.filter((c) => c.name === 'replayed-room')).toHaveLength(1);
    expect(channels.filter((c) => c.name === 'second-room')).toHaveLength(1);
  });

  it('refuses a key longer than 160 characters and the same key with another body', async () => {
    const long = await action(emu.url, T.member, 'join_channel', { channelId: ID.random }, { 'idempotency-key': 'k'.repeat(161) });
    expect(long.status).toBe(400);
    await action(emu.url, T.member, 'set_status', { emoji: '🎧', text: 'Focus', requestId: 'same' });
    const other = await action(emu.url, T.member, 'set_status', { emoji: '🍕', text: 'Lunch', requestId: 'same' });
    expect(other.status).toBe(409);
  });

  it('without a key every call is a new action', async () => {
    const a = await action(emu.url, T.member, 'set_status', { emoji: '🎧', text: 'Focus' });
    const b = await action(emu.url, T.member, 'set_status', { emoji: '🎧', text: 'Focus' });
    expect((a.body.receipt as { actionId: string }).actionId).not.toBe((b.body.receipt as { actionId: string }).actionId);
  });
});
