// `wsc mcp` while the service cannot be reached (issue #43, point 5): the workspace's tools answered
// on this machine. Reads answer from the account's offline cache (the one every face fills; the
// bridge fills it too from the answers it forwards), saying so and how old the copy is; writes that
// have an outbox operation are queued through the account's OutboxSession (the one send policy:
// durable first, sent in order, exactly once by its idempotency key) and answered "queued" with the
// outbox entry id. A read with nothing kept, or a write with no operation, is a tool result with
// isError that says what happened and what to do. Queued or cached answers are normal tool results.
import type { Channel, Message, PatchTaskInput } from '../contract';
import type { OfflineCache } from '../offline/cache-store';
import type { OutboxOperation } from '../offline/outbox-store';
import { savedAgo } from '../offline/saved-ago';
import type { OutboxSession } from '../session/outbox-session';

type Json = Record<string, unknown>;

/** One MCP tool result (CallToolResult's form). */
export interface OfflineToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: Json;
  isError?: boolean;
}

/** How the terminal reaches the account's cache and outbox (term/ decides where and how SQLite loads). */
export interface OfflineMcpStores {
  /** Runs `use` on the account's cache when one is kept (`create`: make it when there is none yet). */
  withCache<T>(create: boolean, use: (cache: OfflineCache) => T): Promise<T | undefined>;
  /** The account's outbox session, opened on first use (undefined without a token). */
  outbox(): Promise<OutboxSession | undefined>;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Reads whose answers the cache keeps and gives back (the same entries every face fills). */
export const CACHED_READ_TOOLS: ReadonlySet<string> = new Set(['list_channels', 'read_channel', 'read_thread', 'read_mentions', 'list_tasks', 'get_task', 'list_docs', 'read_doc']);
/** Writes that have an outbox operation: queued while the service cannot be reached. */
export const QUEUED_WRITE_TOOLS: ReadonlySet<string> = new Set(['post_message', 'reply_in_thread', 'update_task', 'add_task_note', 'link_pull_request']);
/** Every tool that writes (a tool not listed here and not a cached read is a read). */
const WRITE_TOOLS: ReadonlySet<string> = new Set([...QUEUED_WRITE_TOOLS, 'create_task', 'create_doc', 'write_doc']);

export const isWriteTool = (name: string): boolean => WRITE_TOOLS.has(name);

const RETRY_HINT = "Check that the service is running and the address is right ('wsc status'); ask again once it can be reached.";

function textResult(text: string, structured?: Json, isError = false): OfflineToolResult {
  return { content: [{ type: 'text', text }], ...(structured ? { structuredContent: structured } : {}), ...(isError ? { isError: true } : {}) };
}

function errorResult(code: string, message: string, hint: string): OfflineToolResult {
  return textResult(`${code}: ${message} ${hint}`, { error: { code, message, hint }, status: 0 }, true);
}

/** Whether a list read asks for the whole list (a page size is not a filter). */
function unfiltered(args: Json, allowed: readonly string[] = []): boolean {
  return Object.entries(args).every(([name, value]) => name === 'limit' || allowed.includes(name) || value === undefined);
}

function limited<T>(items: readonly T[], limit: unknown): T[] {
  return typeof limit === 'number' && limit > 0 ? items.slice(0, limit) : [...items];
}

/**
 * Keeps what a read tool answered online in the account's cache, in the entries the faces use
 * (channels, a channel's newest messages, a thread, the mentions inbox, tasks, a task, docs, a doc).
 */
export function keepToolAnswer(cache: OfflineCache, name: string, args: Json, answer: Json): void {
  switch (name) {
    case 'list_channels':
      if (Array.isArray(answer.channels)) cache.put('channels', '', answer.channels);
      return;
    case 'read_channel':
      if (args.before === undefined && args.after === undefined && Array.isArray(answer.messages) && str(args.channel_id)) {
        cache.putMessages({ channel: String(args.channel_id) }, answer.messages as Message[]);
      }
      return;
    case 'read_thread':
      if (isObject(answer.root) && Array.isArray(answer.replies) && str(args.message_id)) {
        cache.putMessages({ thread: String(args.message_id) }, [answer.root as unknown as Message, ...(answer.replies as Message[])]);
      }
      return;
    case 'read_mentions': {
      if (args.channel_id !== undefined || !Array.isArray(answer.mentions)) return;
      const before = cache.get<Message[]>('mentions')?.value ?? [];
      const byId = new Map<string, Message>([...before, ...(answer.mentions as Message[])].map((m) => [m.id, m]));
      const merged = [...byId.values()].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0)).slice(0, 500);
      cache.put('mentions', '', merged);
      return;
    }
    case 'list_tasks':
      if (unfiltered(args) && Array.isArray(answer.tasks)) cache.put('tasks', '', answer.tasks);
      return;
    case 'get_task': {
      const task = isObject(answer.task) ? answer.task : null;
      if (!task || !str(task.id)) return;
      cache.put('task', String(task.id), task);
      if (str(task.ref)) cache.put('task', String(task.ref), task);
      return;
    }
    case 'list_docs':
      if (unfiltered(args) && Array.isArray(answer.docs)) cache.put('docs', '', answer.docs);
      return;
    case 'read_doc':
      if (str(answer.id)) cache.put('doc', String(answer.id), answer);
      return;
  }
}

interface CachedAnswer {
  value: Json;
  savedAt: number;
  what: string;
}

/** The cached answer of a read tool, in the form the service answers it; undefined when nothing fits. */
export function cachedToolAnswer(cache: OfflineCache, name: string, args: Json): CachedAnswer | undefined {
  switch (name) {
    case 'list_channels': {
      const hit = cache.get<Channel[]>('channels');
      return hit && { value: { channels: hit.value }, savedAt: hit.savedAt, what: 'the channel list' };
    }
    case 'read_channel': {
      if (args.before !== undefined || args.after !== undefined) return undefined;
      const hit = cache.messages({ channel: String(args.channel_id) });
      if (!hit || hit.value.length === 0) return undefined;
      const messages = limited([...hit.value].reverse(), args.limit).reverse();
      return { value: { messages, hasMore: messages.length < hit.value.length, cursor: messages[0]?.created_at ?? null }, savedAt: hit.savedAt, what: 'the newest messages of the channel' };
    }
    case 'read_thread': {
      const id = String(args.message_id);
      const hit = cache.messages({ thread: id });
      const root = hit?.value.find((m) => !m.parent_id) ?? hit?.value[0];
      if (!hit || !root) return undefined;
      const replies = hit.value.filter((m) => m.id !== root.id);
      // As the service pages the newest replies: the cursor is the oldest one's created_at (null without replies).
      return { value: { root, replies, hasMore: false, cursor: replies[0]?.created_at ?? null }, savedAt: hit.savedAt, what: 'the thread' };
    }
    case 'read_mentions': {
      if (args.channel_id !== undefined) return undefined;
      const hit = cache.get<Message[]>('mentions');
      if (!hit) return undefined;
      const since = str(args.since);
      const rows = hit.value.filter((m) => since === undefined || m.created_at > since);
      return { value: { mentions: limited(rows, args.limit), hasMore: false }, savedAt: hit.savedAt, what: 'your mentions' };
    }
    case 'list_tasks': {
      const hit = unfiltered(args) ? cache.get<Json[]>('tasks') : undefined;
      return hit && { value: { tasks: limited(hit.value, args.limit) }, savedAt: hit.savedAt, what: 'the task list' };
    }
    case 'get_task': {
      const hit = cache.get<Json>('task', String(args.task));
      return hit && { value: { task: hit.value }, savedAt: hit.savedAt, what: `task ${String(args.task)}` };
    }
    case 'list_docs': {
      const hit = unfiltered(args) ? cache.get<Json[]>('docs') : undefined;
      return hit && { value: { docs: limited(hit.value, args.limit) }, savedAt: hit.savedAt, what: 'the doc list' };
    }
    case 'read_doc': {
      const hit = cache.get<Json>('doc', String(args.doc_id));
      return hit && { value: hit.value, savedAt: hit.savedAt, what: 'the doc' };
    }
  }
  return undefined;
}

/** A read tool answered while the service cannot be reached: the cached copy, or why there is none. */
export async function offlineRead(stores: OfflineMcpStores, name: string, args: Json, reason: string): Promise<OfflineToolResult> {
  const found = CACHED_READ_TOOLS.has(name) ? await stores.withCache(false, (cache) => cachedToolAnswer(cache, name, args)) : undefined;
  if (!found) {
    return errorResult(
      'offline_not_cached',
      `The workspace service cannot be reached (${reason}) and nothing is cached for ${name} with these arguments.`,
      CACHED_READ_TOOLS.has(name)
        ? `${RETRY_HINT} Reads made while it can be reached (through these tools, wsc or VS Code) are kept for the next time it cannot.`
        : `${name} always needs the service. ${RETRY_HINT}`,
    );
  }
  const ago = savedAgo(found.savedAt);
  const savedAt = new Date(found.savedAt).toISOString();
  const note = `Offline: the workspace service cannot be reached (${reason}); this is ${found.what} as cached ${ago} (${savedAt}), and may be out of date.`;
  return textResult(`${note}\n${JSON.stringify(found.value)}`, { ...found.value, cached: { savedAt, ago } });
}

/** The outbox operation of a write tool, or a reason it has none (said to the agent, nothing queued). */
async function operationOf(stores: OfflineMcpStores, name: string, args: Json): Promise<OutboxOperation | { notQueued: string }> {
  switch (name) {
    case 'post_message': {
      const channelId = String(args.channel_id);
      const channel = await stores.withCache(false, (cache) => cache.get<Channel[]>('channels')?.value.find((c) => c.id === channelId));
      return {
        kind: 'post',
        channelId,
        ...(channel ? { channelName: channel.name, channelKind: channel.kind === 'dm' ? 'dm' : 'channel' } : {}),
        body: String(args.body),
        ...(str(args.parent_id) ? { parentId: String(args.parent_id) } : {}),
      } as OutboxOperation;
    }
    case 'reply_in_thread': {
      const threadId = String(args.thread_id);
      const found = await stores.withCache(false, (cache) => threadOf(cache, threadId));
      if (!found) return { notQueued: `which channel thread ${threadId} is in is not cached, so the reply cannot be queued` };
      return { kind: 'post', channelId: found.channel_id, body: String(args.body), parentId: found.root };
    }
    case 'add_task_note':
      return { kind: 'task_update', taskRef: String(args.task), patch: { append_note: String(args.note) } };
    case 'update_task':
    case 'link_pull_request': {
      const patch: Json = {};
      for (const [field, value] of Object.entries(args)) if (field !== 'task' && field !== 'idempotency_key') patch[field] = value;
      return { kind: 'task_update', taskRef: String(args.task), patch: patch as PatchTaskInput };
    }
    case 'write_doc':
      return { notQueued: 'write_doc is a compare-and-set against the version you read and is never queued' };
    default:
      return { notQueued: `${name} has no outbox operation yet` };
  }
}

/** The channel and root of a thread, from any cached message of it. */
function threadOf(cache: OfflineCache, messageId: string): { channel_id: string; root: string } | undefined {
  const own = cache.messages({ thread: messageId })?.value.find((m) => m.id === messageId);
  if (own) return { channel_id: own.channel_id, root: own.parent_id ?? own.id };
  for (const { scope } of cache.scopes()) {
    const found = cache.messages(scope)?.value.find((m) => m.id === messageId);
    if (found) return { channel_id: found.channel_id, root: found.parent_id ?? found.id };
  }
  return undefined;
}

/** A write tool called while the service cannot be reached: queued in the outbox, or why not. */
export async function offlineWrite(stores: OfflineMcpStores, name: string, args: Json, reason: string): Promise<OfflineToolResult> {
  const operation = await operationOf(stores, name, args);
  if ('notQueued' in operation) {
    return errorResult(
      'offline_not_queued',
      `The workspace service cannot be reached (${reason}); ${operation.notQueued}, so nothing was written or queued.`,
      `${RETRY_HINT} Then call ${name} again.`,
    );
  }
  const session = await stores.outbox();
  if (!session) return errorResult('offline_not_queued', `The workspace service cannot be reached (${reason}) and there is no outbox without a token, so nothing was queued.`, RETRY_HINT);
  const key = str(args.idempotency_key);
  await session.open();
  const waiting = key === undefined ? undefined : session.entries().find((e) => e.idempotencyKey === key);
  if (waiting) return queuedResult(waiting.id, reason, true);
  const sending = await session.send(operation, key === undefined ? {} : { idempotencyKey: key });
  const outcome = await sending.settled;
  switch (outcome.kind) {
    case 'sent':
      return textResult(JSON.stringify(outcome.result ?? null), isObject(outcome.result) ? (outcome.result as unknown as Json) : undefined);
    case 'queued':
      return queuedResult(outcome.entry.id, reason, false);
    case 'refused':
      return errorResult(
        outcome.reason.code,
        `${outcome.reason.message} (outbox entry ${outcome.entry.id}, kept as failed).`,
        `${outcome.reason.hint} 'wsc outbox drop ${outcome.entry.id}' removes it.`,
      );
    case 'dropped':
      return errorResult('outbox_dropped', `Outbox entry ${outcome.entry.id} was dropped before it was sent.`, `Call ${name} again to write it.`);
  }
}

function queuedResult(entryId: number, reason: string, already: boolean): OfflineToolResult {
  const text =
    `Queued: the workspace service cannot be reached (${reason}), so this write ${already ? 'already waits' : 'waits'} in the outbox as entry ${entryId}. ` +
    "It is sent once, in order, as soon as the service can be reached (while this MCP server runs, or by the next 'wsc' command); 'wsc outbox list' shows what waits. Do not send it again.";
  return textResult(text, { queued: true, outbox_entry: entryId });
}

/** The JSON-RPC answer to one request made while the service cannot be reached. */
export type OfflineAnswer = { result: Json } | { error: { code: number; message: string; data?: Json } };

/** The service's MCP as last read (initialize and tools/list), kept so a later start can answer offline. */
export interface KnownMcp {
  initialize?: Json;
  tools?: Json;
}

const OFFLINE_INSTRUCTIONS =
  'The workspace service cannot be reached right now: reads answer from the offline cache (each result says how old it is), writes with an outbox operation are queued and sent once it can be reached, and other calls say they need the service.';

/** Remembers what the service answered to initialize and tools/list (in memory and in the account's cache). */
export async function keepMcpListing(stores: OfflineMcpStores, known: KnownMcp, method: string, result: Json): Promise<void> {
  if (method !== 'initialize' && method !== 'tools/list') return;
  const key = method === 'initialize' ? 'initialize' : 'tools';
  known[key] = result;
  await stores.withCache(true, (cache) => cache.put('mcp', key, result));
}

async function knownListing(stores: OfflineMcpStores, known: KnownMcp, key: 'initialize' | 'tools'): Promise<Json | undefined> {
  known[key] ??= await stores.withCache(false, (cache) => cache.get<Json>('mcp', key)?.value);
  return known[key];
}

/**
 * Answers a request the service could not take because it cannot be reached, or null for one that
 * needs the service (the bridge answers it with the failure). `supportedVersions`: the protocol
 * revisions this bridge speaks (the SDK's), newest first.
 */
export async function answerOffline(
  stores: OfflineMcpStores,
  known: KnownMcp,
  request: { method: string; params?: Json },
  reason: string,
  supportedVersions: readonly string[],
): Promise<OfflineAnswer | null> {
  const params = request.params ?? {};
  switch (request.method) {
    case 'ping':
      return { result: {} };
    case 'initialize': {
      const last = await knownListing(stores, known, 'initialize');
      const asked = typeof params.protocolVersion === 'string' ? params.protocolVersion : '';
      const protocolVersion = supportedVersions.includes(asked) ? asked : (supportedVersions[0] ?? asked);
      const instructions = typeof last?.instructions === 'string' ? `${last.instructions} ${OFFLINE_INSTRUCTIONS}` : OFFLINE_INSTRUCTIONS;
      return {
        result: {
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: 'wsc-workspace', version: '1.0.0' },
          ...last,
          protocolVersion,
          instructions,
        },
      };
    }
    case 'tools/list': {
      const tools = await knownListing(stores, known, 'tools');
      return tools ? { result: tools } : null;
    }
    case 'resources/list':
      return { result: { resources: [] } };
    case 'resources/templates/list':
      return { result: { resourceTemplates: [] } };
    case 'prompts/list':
      return { result: { prompts: [] } };
    case 'tools/call': {
      const name = typeof params.name === 'string' ? params.name : '';
      const args = isObject(params.arguments) ? params.arguments : {};
      const tools = await knownListing(stores, known, 'tools');
      const listed = Array.isArray(tools?.tools) ? (tools.tools as Json[]).find((t) => t.name === name) : undefined;
      if (tools && !listed) return { error: { code: -32602, message: `Unknown tool '${name.slice(0, 100)}'. tools/list names the tools this server offers.` } };
      const missing = missingArguments(listed, args);
      if (missing.length > 0) {
        return {
          result: errorResult(
            'invalid_request',
            `${name}: missing required argument${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`,
            `Call ${name} again with ${missing.join(' and ')} (tools/list gives its input schema).`,
          ) as unknown as Json,
        };
      }
      const result = isWriteTool(name) ? await offlineWrite(stores, name, args, reason) : await offlineRead(stores, name, args, reason);
      return { result: result as unknown as Json };
    }
  }
  return null;
}

/** Required arguments the listed schema names that the call left out (the service checks the rest when the write is sent). */
function missingArguments(listed: Json | undefined, args: Json): string[] {
  const schema = isObject(listed?.inputSchema) ? listed.inputSchema : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : [];
  return required.filter((n) => args[n] === undefined);
}
