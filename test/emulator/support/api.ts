// Plain-fetch helpers for the conformance suite (the emulator is tested on its own, not through the client).
export const IDS = {
  workspace: '11111111-1111-4111-8111-111111111111',
  owner: 'a0000000-0000-4000-8000-000000000001',
  admin: 'a0000000-0000-4000-8000-000000000002',
  maria: 'a0000000-0000-4000-8000-000000000003',
  mike: 'a0000000-0000-4000-8000-000000000004',
  guest: 'a0000000-0000-4000-8000-000000000005',
  agent: 'a9000000-0000-4000-8000-000000000001',
  general: 'c0000000-0000-4000-8000-000000000001',
  leadership: 'c0000000-0000-4000-8000-000000000002',
  dm: 'c0000000-0000-4000-8000-000000000003',
  archived: 'c0000000-0000-4000-8000-000000000004',
  guestRoom: 'c0000000-0000-4000-8000-000000000005',
  random: 'c0000000-0000-4000-8000-000000000006',
  releaseThread: 'e0000000-0000-4000-8000-000000000002',
  fanOutPlan: 'e0000000-0000-4000-8000-000000000006',
  guestPlan: 'e0000000-0000-4000-8000-000000000012',
  folder: 'd0000000-0000-4000-8000-000000000001',
  onboardingDoc: 'd0000000-0000-4000-8000-000000000002',
  rulesDoc: 'd0000000-0000-4000-8000-000000000004',
  epic: 'f0000000-0000-4000-8000-000000000001',
  searchTask: 'f0000000-0000-4000-8000-000000000002',
  stoppedRun: 'b0000000-0000-4000-8000-000000000001',
  succeededRun: 'b0000000-0000-4000-8000-000000000002',
  guestRoomRun: 'b0000000-0000-4000-8000-000000000003',
  privateRun: 'b0000000-0000-4000-8000-000000000005',
} as const;

export const TOKENS = {
  owner: 'hpt_owner_all',
  admin: 'hpt_admin_all',
  adminNoAdminScope: 'hpt_admin_rw',
  maria: 'hpt_member_rw',
  mariaRead: 'hpt_member_read',
  mariaAdminScope: 'hpt_member_admin_scope',
  mike: 'hpt_mike_rw',
  guest: 'hpt_guest_rw',
  revoked: 'hpt_revoked',
  agent: 'mgo_helper_agent',
} as const;

/** Untyped JSON as the wire sends it; the tests check its shape with assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface ApiResponse<T = Loose> {
  status: number;
  headers: Headers;
  body: T;
}

/** base, token (null: none), method, path, body (sent as JSON; a string as is), extra headers. */
export type RequestArgs = [base: string, token: string | null, method: string, path: string, body?: unknown, headers?: Record<string, string>];

/** One request as the wire carries it, with the raw answer text. */
export async function request(...[base, token, method, path, body, headers = {}]: RequestArgs): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

export async function api<T = Loose>(...args: RequestArgs): Promise<ApiResponse<T>> {
  const res = await request(...args);
  let parsed: unknown = res.text;
  try {
    parsed = JSON.parse(res.text);
  } catch {
    // not JSON: the test will see the raw text
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

export function expectError(r: ApiResponse, status: number, code: string): void {
  if (r.status !== status || r.body?.error?.code !== code || typeof r.body.error.hint !== 'string' || typeof r.body.error.message !== 'string') {
    throw new Error(`expected ${status} ${code}, got ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  }
}
