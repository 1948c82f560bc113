// Plain-fetch helpers for the domain tests (no client layer: the emulator is the oracle under test).
import type { Fixture } from '../../../emulator/fixture';
import { request, type RequestArgs } from './api';
import { loadFixture } from '../../support/emulator';

export const T = {
  owner: 'hpt_owner_all',
  admin: 'hpt_admin_all',
  adminNoScope: 'hpt_admin_rw',
  member: 'hpt_member_rw',
  memberRead: 'hpt_member_read',
  memberAdminScope: 'hpt_member_admin_scope',
  mike: 'hpt_mike_rw',
  guest: 'hpt_guest_rw',
} as const;

export const ID = {
  workspace: '11111111-1111-4111-8111-111111111111',
  owner: 'a0000000-0000-4000-8000-000000000001',
  admin: 'a0000000-0000-4000-8000-000000000002',
  member: 'a0000000-0000-4000-8000-000000000003',
  mike: 'a0000000-0000-4000-8000-000000000004',
  guest: 'a0000000-0000-4000-8000-000000000005',
  agent: 'a9000000-0000-4000-8000-000000000001',
  general: 'c0000000-0000-4000-8000-000000000001',
  leadership: 'c0000000-0000-4000-8000-000000000002',
  dm: 'c0000000-0000-4000-8000-000000000003',
  archived: 'c0000000-0000-4000-8000-000000000004',
  collab: 'c0000000-0000-4000-8000-000000000005',
  random: 'c0000000-0000-4000-8000-000000000006',
  welcome: 'e0000000-0000-4000-8000-000000000001',
  releaseThread: 'e0000000-0000-4000-8000-000000000002',
  folder: 'd0000000-0000-4000-8000-000000000001',
  onboardingDoc: 'd0000000-0000-4000-8000-000000000002',
  epic: 'f0000000-0000-4000-8000-000000000001',
  taskWithPr: 'f0000000-0000-4000-8000-000000000002',
  automation: '9a000000-0000-4000-8000-000000000001',
} as const;

/** The basic fixture plus the parts these tests need: a founder, an artifact, env, budget, warm workspace. */
export function domainFixture(): Fixture {
  const f = loadFixture('basic');
  (f.people[0] as { founder?: boolean }).founder = true;
  f.artifacts = [
    { id: 'app-1', channel_id: ID.general, title: 'Standup timer', address: 'standup-timer' },
    { id: 'app-2', channel_id: ID.leadership, title: 'Board deck', address: null },
  ];
  f.founder_invites = [{ id: 'inv-claimed', email: 'claimed@example.com', months: 3, claimed_at: new Date(Date.now() - 40 * 86_400_000).toISOString(), created_by: ID.owner }];
  return f;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = Record<string, unknown>>(...args: RequestArgs): Promise<Answer<T>> {
  const res = await request(...args);
  return { status: res.status, body: (res.text ? JSON.parse(res.text) : {}) as T, headers: res.headers };
}

export function errorCode(a: Answer): string | undefined {
  return (a.body as { error?: { code?: string } }).error?.code;
}

export const action = (base: string, token: string, command: string, input: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api(base, token, 'POST', `/api/v1/actions/${command}`, input, headers);

export const readAction = (base: string, token: string, command: string, input: Record<string, string> = {}) =>
  api(base, token, 'GET', `/api/v1/actions/${command}?${new URLSearchParams(input).toString()}`);

/** Polls until check() returns a value (bounded). */
export async function waitFor<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 8000, stepMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
