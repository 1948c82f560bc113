// `wsc mcp`: the workspace's MCP for terminal agents, as a stdio server bridged to the service's
// /api/mcp. The address and token come from --url/--profile, WSC_URL/WSC_TOKEN or the saved profile
// (as for every subcommand), so an agent's config holds one command line and no token. Stdout is
// the MCP channel: nothing else is ever written there; diagnostics go to stderr, without the token.
import { runMcpBridge } from '../shared/index';
import { CLIENT_NAME, notConnectedError, resolveFor } from '../term/connect';
import { noExtraPositionals, parseArgs } from './args';
import { createOutput, safe } from './output';

export async function runMcp(argv: string[]): Promise<number> {
  const args = parseArgs('mcp', argv);
  noExtraPositionals(args, 0, 'mcp');
  const out = createOutput();
  const connection = await resolveFor(args);
  if (connection.token === null || connection.baseUrl === null) throw notConnectedError(connection);
  await runMcpBridge({
    baseUrl: connection.baseUrl,
    token: connection.token,
    clientName: `${CLIENT_NAME}-mcp`,
    // The service's words can reach these lines (errors): sanitised like every other line.
    log: (line) => out.note(safe(`wsc mcp: ${line}`)),
  });
  return 0;
}
