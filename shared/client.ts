import type {
  ActionMutationResult,
  AutomationsResponse,
  Budget,
  CapabilitiesResponse,
  DiscoveryDocument,
  Channel,
  Confirmation,
  CreateDocInput,
  CreateDocResult,
  CreateTaskInput,
  CreateTaskResult,
  Doc,
  DocListItem,
  DocsQuery,
  EditMessageResult,
  EnvEntry,
  Identity,
  Link,
  Member,
  MentionsQuery,
  MentionsResponse,
  Message,
  MessageLinkResult,
  MessagesQuery,
  PatchDocInput,
  PatchDocResult,
  PatchTaskInput,
  PatchTaskResult,
  PostMessageInput,
  PostMessageResult,
  PutArtifactAddressResult,
  PutEnvInput,
  RetryRunResult,
  RunEvent,
  RunEventsPage,
  RunEventsQuery,
  SearchQuery,
  TaskRow,
  TasksQuery,
  Thread,
  UpsertAutomationInput,
  UpsertAutomationResult,
  WakeCoordinates,
  WarmWorkspace,
} from './contract';
import { systemClock, systemRandom, type Clock, type Random } from './clock';
import { Executor } from './http/executor';
import { retryPolicy, type RetryOptions } from './http/retry-policy';
import { Transport } from './http/transport';
import type { CallOptions } from './http/types';
import { redactingLogger, silentLogger, type Logger } from './logger';
import { fillMessagesPage, iterateMessagePages, type FilledMessagesPage, iterateRunEventPages, PAGED_ENDPOINTS, type IterateMessagesOptions, type IterateRunEventsOptions } from './paging';
import * as actions from './resources/actions';
import * as automations from './resources/automations';
import * as settings from './resources/channel-settings';
import * as channels from './resources/channels';
import * as discoveryResource from './resources/discovery';
import type { ServiceNotice } from './http/service-notice';
import * as docs from './resources/docs';
import { serviceDocumentsFor, type DocumentName, type ServiceDocuments } from './compat/service-documents';
import * as meResource from './resources/me';
import * as runs from './resources/runs';
import * as tasks from './resources/tasks';

export interface ClientOptions {
  /** Service origin, e.g. `http://127.0.0.1:4010` (paths under /api/v1 are added). */
  baseUrl: string;
  /** Personal token (`hpt_...`). Kept private; never logged or shown. */
  token: string;
  /** Sent as `x-service-client`: the 'via' marker on posts. */
  clientName: string;
  clock?: Clock;
  random?: Random;
  retry?: RetryOptions;
  logger?: Logger;
  /** Per-attempt timeout when a call names none (default 40 s). */
  defaultTimeoutMs?: number;
  /** The cache of the service's own documents; by default one per service origin in this process. */
  serviceDocuments?: ServiceDocuments;
  /** Overall time of a call, retries included, when it names none (default 90 s; a long-poll adds its wait). */
  callDeadlineMs?: number;
  /** The largest answer the client reads, in bytes, before and after decoding (default 64 MiB). */
  maxResponseBytes?: number;
}

/** A read of the service's own documents: `fresh` skips the cached copy. */
export type DocumentReadOptions = CallOptions & { fresh?: boolean };

export type ServiceNoticeListener = (notice: ServiceNotice) => void;

/** The workspace API v1, one typed method per endpoint. Every method takes `opts` last. */
export class Client {
  readonly #transport: Transport;
  readonly #api: Executor;
  readonly #random: Random;
  readonly #documents: ServiceDocuments;
  readonly baseUrl: string;
  readonly clientName: string;
  readonly #noticeListeners = new Set<ServiceNoticeListener>();
  readonly #noticesSeen = new Set<string>();

  constructor(options: ClientOptions) {
    const clock = options.clock ?? systemClock;
    this.#random = options.random ?? systemRandom;
    this.#transport = new Transport({
      baseUrl: options.baseUrl,
      token: options.token,
      clientName: options.clientName,
      clock,
      onNotice: (notice) => this.#notice(notice),
      maxResponseBytes: options.maxResponseBytes,
    });
    this.#api = new Executor({
      transport: this.#transport,
      clock,
      random: this.#random,
      retry: retryPolicy(options.retry),
      logger: redactingLogger(options.logger ?? silentLogger, this.#transport.secrets),
      defaultTimeoutMs: options.defaultTimeoutMs,
      callDeadlineMs: options.callDeadlineMs,
    });
    this.baseUrl = this.#transport.baseUrl;
    this.clientName = options.clientName;
    this.#documents = options.serviceDocuments ?? serviceDocumentsFor(this.baseUrl);
  }

  /** Closes pooled connections; the client is unusable afterwards. */
  /**
   * Deprecation/Sunset notices from the service, each kind once per Client (a session), so a face
   * can say it once instead of on every call. Returns the unsubscribe function.
   */
  onServiceNotice(listener: ServiceNoticeListener): () => void {
    this.#noticeListeners.add(listener);
    return () => {
      this.#noticeListeners.delete(listener);
    };
  }

  #notice(notice: ServiceNotice): void {
    if (this.#noticesSeen.has(notice.kind)) return;
    this.#noticesSeen.add(notice.kind);
    for (const listener of this.#noticeListeners) listener(notice);
  }

  close(): Promise<void> {
    return this.#transport.close();
  }

  // --- me -----------------------------------------------------------------------------------

  me(opts?: CallOptions): Promise<Identity> {
    return meResource.me(this.#api, opts);
  }

  /** With `wait_ms` the per-attempt timeout is wait_ms + 15 s unless opts.timeoutMs says otherwise. */
  mentions(q: MentionsQuery, opts?: CallOptions): Promise<MentionsResponse> {
    return meResource.mentions(this.#api, q, opts);
  }

  wake(opts?: CallOptions): Promise<WakeCoordinates> {
    return meResource.wake(this.#api, opts);
  }

  // --- channels and messages ----------------------------------------------------------------

  channels(opts?: CallOptions): Promise<Channel[]> {
    return channels.channels(this.#api, opts);
  }

  /** A page of up to `q.limit` messages (asking again when the service sends shorter pages). */
  messages(channelId: string, q: MessagesQuery = {}, opts?: CallOptions): Promise<FilledMessagesPage> {
    return fillMessagesPage((page) => channels.messages(this.#api, channelId, page, opts), q, opts?.signal);
  }

  /** All top-level messages in the direction of travel ('older': newest to oldest). */
  iterateMessages(channelId: string, options: IterateMessagesOptions, opts?: CallOptions): AsyncIterable<Message> {
    return iterateMessagePages((q) => this.messages(channelId, q, opts), options, opts?.signal);
  }

  postMessage(channelId: string, input: PostMessageInput, opts?: CallOptions): Promise<PostMessageResult> {
    return channels.postMessage(this.#api, channelId, input, opts);
  }

  editMessage(messageId: string, body: string, opts?: CallOptions): Promise<EditMessageResult> {
    return channels.editMessage(this.#api, messageId, body, opts);
  }

  thread(rootId: string, q?: MessagesQuery, opts?: CallOptions): Promise<Thread> {
    return channels.thread(this.#api, rootId, q, opts);
  }

  /** All replies of a thread in the direction of travel ('older': newest to oldest). */
  iterateReplies(rootId: string, options: IterateMessagesOptions, opts?: CallOptions): AsyncIterable<Message> {
    return iterateMessagePages(
      async (q) => {
        const page = await this.thread(rootId, q, opts);
        return { messages: page.replies, hasMore: page.hasMore, cursor: page.cursor };
      },
      options,
      opts?.signal,
      PAGED_ENDPOINTS.thread,
    );
  }

  members(channelId: string, opts?: CallOptions): Promise<Member[]> {
    return channels.members(this.#api, channelId, opts);
  }

  links(channelId: string, opts?: CallOptions): Promise<Link[]> {
    return channels.links(this.#api, channelId, opts);
  }

  // --- automations --------------------------------------------------------------------------

  automations(channelId: string, opts?: CallOptions): Promise<AutomationsResponse> {
    return automations.automations(this.#api, channelId, opts);
  }

  upsertAutomation(channelId: string, input: UpsertAutomationInput, opts?: CallOptions): Promise<UpsertAutomationResult> {
    return automations.upsertAutomation(this.#api, channelId, input, opts);
  }

  setAutomationEnabled(channelId: string, automationId: string, enabled: boolean, opts?: CallOptions): Promise<Confirmation> {
    return automations.setAutomationEnabled(this.#api, channelId, automationId, enabled, opts);
  }

  deleteAutomation(channelId: string, automationId: string, opts?: CallOptions): Promise<Confirmation> {
    return automations.deleteAutomation(this.#api, channelId, automationId, opts);
  }

  // --- env, budget, warm workspace, artifacts ------------------------------------------------

  env(channelId: string, opts?: CallOptions): Promise<EnvEntry[]> {
    return settings.env(this.#api, channelId, opts);
  }

  putEnv(channelId: string, input: PutEnvInput, opts?: CallOptions): Promise<Confirmation> {
    return settings.putEnv(this.#api, channelId, input, opts);
  }

  deleteEnv(channelId: string, name: string, opts?: CallOptions): Promise<Confirmation> {
    return settings.deleteEnv(this.#api, channelId, name, opts);
  }

  budget(channelId: string, opts?: CallOptions): Promise<Budget> {
    return settings.budget(this.#api, channelId, opts);
  }

  putBudget(channelId: string, monthlyCredits: number | null, opts?: CallOptions): Promise<Confirmation> {
    return settings.putBudget(this.#api, channelId, monthlyCredits, opts);
  }

  warmWorkspace(channelId: string, opts?: CallOptions): Promise<WarmWorkspace> {
    return settings.warmWorkspace(this.#api, channelId, opts);
  }

  rebuildWarmWorkspace(channelId: string, opts?: CallOptions): Promise<Confirmation> {
    return settings.rebuildWarmWorkspace(this.#api, channelId, opts);
  }

  putArtifactAddress(artifactId: string, address: string, opts?: CallOptions): Promise<PutArtifactAddressResult> {
    return settings.putArtifactAddress(this.#api, artifactId, address, opts);
  }

  // --- links and search ---------------------------------------------------------------------

  messageLink(url: string, opts?: CallOptions): Promise<MessageLinkResult> {
    return channels.messageLink(this.#api, url, opts);
  }

  search(q: SearchQuery, opts?: CallOptions): Promise<Message[]> {
    return channels.search(this.#api, q, opts);
  }

  // --- docs ---------------------------------------------------------------------------------

  docs(q?: DocsQuery, opts?: CallOptions): Promise<DocListItem[]> {
    return docs.docs(this.#api, q, opts);
  }

  createDoc(input: CreateDocInput, opts?: CallOptions): Promise<CreateDocResult> {
    return docs.createDoc(this.#api, input, opts);
  }

  getDoc(id: string, opts?: CallOptions): Promise<Doc> {
    return docs.getDoc(this.#api, id, opts);
  }

  patchDoc(id: string, input: PatchDocInput, opts?: CallOptions): Promise<PatchDocResult> {
    return docs.patchDoc(this.#api, id, input, opts);
  }

  // --- tasks --------------------------------------------------------------------------------

  tasks(q?: TasksQuery, opts?: CallOptions): Promise<TaskRow[]> {
    return tasks.tasks(this.#api, q, opts);
  }

  createTask(input: CreateTaskInput, opts?: CallOptions): Promise<CreateTaskResult> {
    return tasks.createTask(this.#api, input, opts);
  }

  patchTask(idOrRef: string, patch: PatchTaskInput, opts?: CallOptions): Promise<PatchTaskResult> {
    return tasks.patchTask(this.#api, idOrRef, patch, opts);
  }

  // --- runs ---------------------------------------------------------------------------------

  runEvents(runId: string, q?: RunEventsQuery, opts?: CallOptions): Promise<RunEventsPage> {
    return runs.runEvents(this.#api, runId, q, opts);
  }

  /** Every event after `after`, following nextAfter while hasMore (also after budget-cut pages). */
  iterateRunEvents(runId: string, options?: IterateRunEventsOptions, opts?: CallOptions): AsyncIterable<RunEvent> {
    return iterateRunEventPages((q) => this.runEvents(runId, q, opts), options, opts?.signal);
  }

  retryRun(runId: string, opts?: CallOptions): Promise<RetryRunResult> {
    return runs.retryRun(this.#api, runId, opts);
  }

  // --- generic actions ----------------------------------------------------------------------

  /** list_capabilities, cached per service (shared/compat/service-documents); `fresh` reads it again. */
  capabilities(opts?: DocumentReadOptions): Promise<CapabilitiesResponse> {
    return this.#documents.get('capabilities', () => actions.capabilities(this.#api, opts), opts);
  }

  /** GET /api: the service's discovery document, cached per service like capabilities(). */
  discovery(opts?: DocumentReadOptions): Promise<Partial<DiscoveryDocument>> {
    return this.#documents.get('discovery', () => discoveryResource.discovery(this.#api, opts), opts);
  }

  /** GET /api/v1/openapi.json as published (compare it with shared/compat, do not trust it blindly). */
  openapiDocument(opts?: DocumentReadOptions): Promise<unknown> {
    return this.#documents.get('openapi', () => discoveryResource.openapiDocument(this.#api, opts), opts);
  }

  /** Called with the document's name when a re-read of the service's own documents differs. */
  onServiceDocumentsChange(listener: (name: DocumentName) => void): () => void {
    return this.#documents.onChange(listener);
  }

  /**
   * GET /actions/{command} with the input fields as query parameters (read commands only). The
   * command goes under the service's own name for it when list_capabilities names it otherwise.
   */
  readAction<T>(command: string, input?: Record<string, unknown>, opts?: CallOptions): Promise<T> {
    return actions.readAction<T>(this.#api, this.#documents, command, input, opts);
  }

  /** POST /actions/{command}; one requestId/Idempotency-Key per call, reused by every retry. */
  runAction<T extends object = Record<string, unknown>>(
    command: string,
    input?: Record<string, unknown>,
    opts?: CallOptions,
  ): Promise<ActionMutationResult<T>> {
    return actions.runAction<T>(this.#api, this.#documents, this.#random, command, input, opts);
  }
}
