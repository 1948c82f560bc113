// Who an MCP request acts as. Personal tokens (hpt_) go through the REST authentication unchanged;
// named-agent tokens (mgo_), refused on /api/v1, are accepted here for an agent that joins as its
// own workspace member (spec point 6): it acts as itself with the member role and read/write
// scopes, never a person's scopes and never workspace:admin.
import type { IncomingMessage } from 'node:http';
import { AGENT_TOKEN_PREFIX, SCOPES } from '../../shared/contract';
import { authenticate, isLoopback } from '../auth';
import { tokenKey } from '../token-key';
import { demoFixture } from '../demo/fixture';
import { credentialsMissing, unauthorized } from '../errors';
import type { AuthContext, Services } from '../types';

const AGENT_TOKEN_HINT = "Send the agent's own token (mgo_...) or a personal token (hpt_...) as `Authorization: Bearer <token>`.";

let demoAgentTokens: ReadonlySet<string> | null = null;
/** The demo agents' tokens are printed with the demo: loopback only, like the demo personal tokens. */
function isDemoAgentToken(token: string): boolean {
  demoAgentTokens ??= new Set((demoFixture().agents ?? []).flatMap((a) => (a.token ? [a.token] : [])));
  return demoAgentTokens.has(token);
}

function bearerToken(req: IncomingMessage): string | null {
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m ? (m[1] as string) : null;
}

export function authenticateMcp(svc: Services, req: IncomingMessage): AuthContext {
  if (req.headers.authorization === undefined) {
    throw credentialsMissing(
      'No token was sent.',
      "Send a personal token (hpt_...) or the agent's own token (mgo_...) as `Authorization: Bearer <token>`; a terminal agent can start `wsc mcp` after `wsc login` instead.",
    );
  }
  const token = bearerToken(req);
  if (!token?.startsWith(AGENT_TOKEN_PREFIX)) return authenticate(svc, req);
  if (isDemoAgentToken(token) && !isLoopback(req.socket.remoteAddress ?? '')) {
    throw unauthorized('The demo agent tokens work only from this machine (they are public).', 'From another machine, use a token of your own fixture (wsc serve --fixture FILE).');
  }
  const key = tokenKey(token);
  const agent = svc.db.prepare('SELECT id, name, handle FROM agents WHERE token = ?').get(key) as { id: string; name: string; handle: string } | undefined;
  if (!agent) throw unauthorized('The agent token is not valid for this workspace.', AGENT_TOKEN_HINT);
  const client = req.headers['x-service-client'];
  return {
    personId: agent.id,
    name: agent.name,
    handle: agent.handle,
    role: 'member',
    scopes: [SCOPES.read, SCOPES.write],
    tokenName: `agent:${agent.handle}`,
    tokenKey: key,
    clientName: typeof client === 'string' && client.trim() !== '' ? client.trim().slice(0, 80) : null,
    memberKind: 'agent',
  };
}
