// Bearer-token authentication and the role/scope checks, re-read from the store on every call
// (a reset or an action may have changed the person's role or revoked the token).
import type { IncomingMessage } from 'node:http';
import { AGENT_TOKEN_PREFIX, PERSONAL_TOKEN_PREFIX, SCOPES, type Role, type Scope } from '../shared/contract';
import { DEMO_TOKENS } from './demo/tokens';
import { credentialsMissing, permissionRequired, unauthorized } from './errors';
import { tokenKey } from './token-key';
import type { AuthContext, AuthLevel, Services } from './types';

const NEW_TOKEN_HINT = 'Create a personal token (hpt_...) in the workspace settings under Connections and send it as `Authorization: Bearer <token>`.';

/** The demo's tokens are printed in the README and on every `wsc serve --demo`: loopback only. */
const WELL_KNOWN_TOKENS: ReadonlySet<string> = new Set(Object.values(DEMO_TOKENS));

export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}


export function authenticate(svc: Services, req: IncomingMessage): AuthContext {
  const header = req.headers.authorization;
  if (!header) throw credentialsMissing('No token was sent.', NEW_TOKEN_HINT);
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!m) {
    const malformed = 'The Authorization header is malformed; expected `Bearer <token>`.';
    throw /^Bearer\b/i.test(header) ? unauthorized(malformed, NEW_TOKEN_HINT) : credentialsMissing(malformed, NEW_TOKEN_HINT);
  }
  const token = m[1] as string;
  if (token.startsWith(AGENT_TOKEN_PREFIX)) {
    throw unauthorized('Named-agent tokens (mgo_) are not accepted on /api/v1.', 'Use a personal token (hpt_...) here; an agent acting as itself uses MCP with its agent token.');
  }
  if (!token.startsWith(PERSONAL_TOKEN_PREFIX)) throw unauthorized('This is not a personal token; personal tokens start with hpt_.', NEW_TOKEN_HINT);
  if (WELL_KNOWN_TOKENS.has(token) && !isLoopback(req.socket.remoteAddress ?? '')) {
    throw unauthorized('The demo tokens work only from this machine (they are public).', 'From another machine, use a token of your own fixture (wsc serve --fixture FILE).');
  }
  const key = tokenKey(token);
  const row = svc.db
    .prepare(
      `SELECT t.name AS token_name, t.scopes, t.revoked, p.id, p.name, p.handle, p.role
       FROM tokens t JOIN people p ON p.id = t.person_id WHERE t.token = ?`,
    )
    .get(key) as { token_name: string; scopes: string; revoked: number; id: string; name: string; handle: string; role: Role } | undefined;
  if (!row) throw unauthorized('The token is not valid for this workspace.', NEW_TOKEN_HINT);
  if (row.revoked) throw unauthorized('The token was revoked.', NEW_TOKEN_HINT);
  const client = req.headers['x-service-client'];
  const clientName = typeof client === 'string' && client.trim() !== '' ? client.trim().slice(0, 80) : null;
  return {
    personId: row.id,
    name: row.name,
    handle: row.handle,
    role: row.role,
    scopes: JSON.parse(row.scopes) as Scope[],
    tokenName: row.token_name,
    tokenKey: key,
    clientName,
  };
}

export function isAdminRole(role: Role): boolean {
  return role === 'owner' || role === 'admin';
}

/** Throws 403 permission_required naming what is missing. */
export function authorize(auth: AuthContext, level: AuthLevel): void {
  if (level === 'none') return;
  const need = (scope: Scope, what: string) => {
    if (!auth.scopes.includes(scope)) {
      throw permissionRequired(
        `This token lacks the ${scope} scope needed to ${what}.`,
        `Create a token with the ${scope} scope (Connections in the workspace settings) and use it instead.`,
      );
    }
  };
  if (level === 'read') need(SCOPES.read, 'read');
  if (level === 'write') need(SCOPES.write, 'make changes');
  if (level === 'admin') requireAdmin(auth);
}

/** Admin and destructive things: the live role admin/owner AND the workspace:admin scope. */
export function requireAdmin(auth: AuthContext): void {
  if (!isAdminRole(auth.role)) {
    throw permissionRequired(
      `Your role (${auth.role}) cannot do this; it needs a workspace admin or owner.`,
      'Ask a workspace admin or owner to do it, or to give you the admin role.',
    );
  }
  if (!auth.scopes.includes(SCOPES.admin)) {
    throw permissionRequired(
      `This token lacks the ${SCOPES.admin} scope needed for admin changes.`,
      `Create a token with the ${SCOPES.admin} scope (Connections in the workspace settings) and use it instead.`,
    );
  }
}
