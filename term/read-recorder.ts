// Every read of a one-shot command fills the account's offline cache (the one the terminal UI and
// VS Code share), after the command has printed: connect() hands out a recording client while
// recording is on, and keepReadsInCache() opens the cache once at the end and keeps what was read.
import { Client, type Identity } from '../shared/core';
import { keepRecordedReads, recordingClient, terminalOfflineRoot, type CacheWrite, type OfflineAccount } from '../shared/index';
import { knownAccount, normalServiceUrl, openAccountCache, rememberIdentity } from './offline-cache';

interface Recording {
  readonly baseUrl: string;
  readonly token: string;
  writes(): readonly CacheWrite[];
  identity(): Identity | undefined;
}

let enabled = false;
const recordings: Recording[] = [];

/** Said by the command runner for commands that read (not a follow, not the UI, not `serve` or `mcp`). */
export function recordReadsForCache(): void {
  enabled = true;
}

/** The client a command reads through: recording when recording is on. */
export function recordedClient(client: Client, baseUrl: string, token: string): Client {
  if (!enabled) return client;
  const recorded = recordingClient(client);
  recordings.push({ baseUrl: normalServiceUrl(baseUrl), token, writes: recorded.writes, identity: recorded.identity });
  return recorded.client;
}

/**
 * Keeps what the command read in its account's cache. The account is the one learnt before, else
 * the one a read said (GET /me), else asked once now. Never fails the command: `warn` says why a
 * cache could not be used.
 */
export async function keepReadsInCache(warn: (line: string) => void, root = terminalOfflineRoot()): Promise<number> {
  let kept = 0;
  for (const recording of recordings.splice(0)) {
    const writes = recording.writes();
    if (writes.length === 0) continue;
    const account = await accountOf(recording, root);
    if (!account) continue;
    try {
      const cache = await openAccountCache(account, warn, root);
      try {
        kept += keepRecordedReads(cache, writes);
      } finally {
        cache.close();
      }
    } catch (error) {
      warn(`wsc: what was read could not be kept in the offline cache: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return kept;
}

async function accountOf(recording: Recording, root: string): Promise<OfflineAccount | undefined> {
  const known = knownAccount(recording.baseUrl, recording.token, root);
  if (known) return known;
  let me = recording.identity();
  if (!me) {
    const client = new Client({ baseUrl: recording.baseUrl, token: recording.token, clientName: 'wsc' });
    try {
      me = await client.me();
    } catch {
      return undefined; // the service went away meanwhile: the next command keeps its reads
    } finally {
      await client.close();
    }
  }
  rememberIdentity(recording.baseUrl, recording.token, me, root);
  return knownAccount(recording.baseUrl, recording.token, root);
}
