// `wsc login`: asks for the URL and a token, checks them with GET /me, saves a profile.
import { Client, ConfigError, ProfileStore, isApiError, type OfflineAccount } from '../shared/index';
import { noExtraPositionals, parseArgs } from './args';
import { usageError } from '../term/cli-error';
import { CLIENT_NAME } from '../term/connect';
import { normalServiceUrl, openAccountCache, rememberIdentity } from '../term/offline-cache';
import { createOutput, safe, term } from './output';
import { promptLine, promptSecret, readAllStdin } from './stdin';

export async function runLogin(argv: string[]): Promise<number> {
  const args = parseArgs('login', argv);
  noExtraPositionals(args, 0, 'login');
  const out = createOutput();
  const name = args.profile ?? 'default';
  const interactive = process.stdin.isTTY === true;

  let url = args.url ?? (process.env.WSC_URL?.trim() || undefined);
  if (url === undefined) {
    if (!interactive) throw usageError('login: no service URL given.', 'Pass --url, e.g. echo "$TOKEN" | wsc login --url http://127.0.0.1:8787');
    url = await promptLine('Service URL (e.g. http://127.0.0.1:8787): ');
  }
  if (url === '') throw usageError('login: the service URL is empty.', 'Give the address of the service, e.g. --url http://127.0.0.1:8787');

  const token = interactive
    ? await promptSecret('Personal token (input hidden): ')
    : (await readAllStdin()).split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  if (token === '') throw usageError('login: no token given.', 'Paste the personal token (it starts with hpt_), or pipe it in.');

  let client: Client;
  try {
    client = new Client({ baseUrl: url, token, clientName: CLIENT_NAME });
  } catch (error) {
    throw new ConfigError(`"${url}" is not a usable service URL: ${error instanceof Error ? error.message : String(error)}`, 'Give an http(s) origin, e.g. http://127.0.0.1:8787.');
  }
  try {
    const me = await client.me().catch((error: unknown) => {
      if (isApiError(error) && error.code === 'unauthorized') {
        throw new ConfigError('The service refused this token; nothing was saved.', 'Check that you pasted the whole token (hpt_...) and that its connection was not revoked.');
      }
      throw error;
    });
    const store = new ProfileStore();
    await store.save(name, { url, token }, { makeDefault: true });
    rememberIdentity(client.baseUrl, token, me);
    await primeCache(client, { serviceUrl: normalServiceUrl(client.baseUrl), workspaceId: me.workspaceId, userId: me.userId }, (line) => out.note(safe(line)));
    if (args.json) {
      out.json({ profile: name, url: client.baseUrl, path: store.path, identity: me });
    } else {
      out.line(term`Logged in as ${safe(me.name)} (@${safe(me.handle)}) in workspace ${safe(me.workspace)} at ${safe(client.baseUrl)}.`);
      out.line(term`Saved as profile "${safe(name)}" (the default) in ${safe(store.path)}.`);
    }
    return 0;
  } finally {
    await client.close();
  }
}

/**
 * Fills the offline cache once (channels, people, tasks, mentions, the docs tree) so that a
 * terminal-only user has something to read offline; one line on stderr says what was kept. Never fails the login.
 */
async function primeCache(client: Client, account: OfflineAccount, note: (line: string) => void): Promise<void> {
  try {
    const { describeFill, fillCache } = await import('../term/cache-fill');
    const cache = await openAccountCache(account, note);
    try {
      const counts = await fillCache(client, cache, { messages: false });
      note(`wsc: kept ${describeFill(counts)} for offline use (wsc sync refreshes them and adds the newest messages).`);
    } finally {
      cache.close();
    }
  } catch (error) {
    note(`wsc: the offline cache was not filled (${error instanceof Error ? error.message : String(error)}); wsc sync fills it later.`);
  }
}
