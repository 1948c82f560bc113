// `wsc status`: who, which workspace, which URL and where the token came from; never the token.
import { describeConnectionSource, profilesPath } from '../shared/index';
import { noExtraPositionals, parseArgs } from './args';
import { CLIENT_NAME, withClient, connectionEnv, notConnectedError, resolveFor } from '../term/connect';
import { rememberIdentity } from '../term/offline-cache';
import { createOutput, safe, term } from './output';

export async function runStatus(argv: string[]): Promise<number> {
  const args = parseArgs('status', argv);
  noExtraPositionals(args, 0, 'status');
  const out = createOutput();
  const connection = await resolveFor(args);
  const file = profilesPath(connectionEnv(args));
  const source = describeConnectionSource(connection, file);
  if (connection.token === null) {
    if (args.json) out.json({ connected: false, url: connection.baseUrl, source: connection.source, sourceDescription: source });
    throw notConnectedError(connection);
  }
  return withClient(args, async ({ client }) => {
    let me;
    try {
      me = await client.me();
      if (connection.token !== null) rememberIdentity(client.baseUrl, connection.token, me);
    } catch (error) {
      // A refused token (or an unreachable service) still answers a script: what is configured and why it failed.
      if (args.json) {
        const failure = error as { code?: unknown; message?: unknown; hint?: unknown };
        out.json({
          connected: false,
          url: client.baseUrl,
          source: connection.source,
          sourceDescription: source,
          error: { code: typeof failure.code === 'string' ? failure.code : 'error', message: String(failure.message ?? error), hint: typeof failure.hint === 'string' ? failure.hint : '' },
        });
      }
      throw error;
    }
    if (args.json) {
      out.json({ connected: true, url: client.baseUrl, source: connection.source, sourceDescription: source, clientName: CLIENT_NAME, identity: me });
    } else {
      out.line(term`Signed in as ${safe(me.name)} (@${safe(me.handle)})`);
      out.line(term`Workspace:  ${safe(me.workspace)} (${safe(me.workspaceId)})`);
      out.line(term`Service:    ${safe(client.baseUrl)}`);
      out.line(term`Token:      ${safe(source)}`);
    }
    return 0;
  });
}
