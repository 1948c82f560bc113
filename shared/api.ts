// The API layer's public names other than the contract and the compatibility check (shared/index.ts
// re-exports this file).
export { Client, type ClientOptions, type ServiceNoticeListener } from './client';
export {
  ApiError,
  InvalidRequestError,
  UnauthorizedError,
  PermissionRequiredError,
  NotFoundError,
  ConflictError,
  RateLimitedError,
  InternalError,
  UnexpectedResponseError,
  ResponseTooLargeError,
  NetworkError,
  isApiError,
  errorFromResponse,
  type ApiErrorCode,
  type ApiErrorInit,
  type ClientErrorCode,
} from './errors';
export { isAbortError } from './abort';
export { systemClock, systemRandom, type Clock, type Random } from './clock';
export { redact, REDACTED } from './redact';
export { redactingLogger, silentLogger, type Logger, type LogFields } from './logger';
export type { CallOptions } from './http/types';
export type { RetryOptions } from './http/retry-policy';
export { isFinalError } from './http/retry-policy';
export { describeServiceNotice, noticesFrom, type ServiceNotice } from './http/service-notice';
export { BEGINNING_CURSOR, PAGED_ENDPOINTS, beyondCursor, cursorMoved, cursorStalled, eventsAfter, type FilledMessagesPage, type IterateMessagesOptions, type IterateRunEventsOptions, type PagingDirection } from './paging';
export { Doorbell, type DoorbellOptions, type DoorbellCue, type DoorbellStatus } from './live/doorbell';
export { realtimeEndpoint } from './live/realtime-endpoint';
export { Waker, type WakerOptions, type WakeSource, type LiveCue } from './live/waker';
export { MentionInbox, INBOX_CAP } from './live/mention-inbox';
export { startInboxFeed, INBOX_SEED_SIZE, type InboxFeed, type InboxFeedOptions } from './live/inbox-feed';
export { Backoff, fullJitterMs, retryAfterOf, type BackoffLimits } from './backoff';
export { renderMarkdownHtml } from './markdown/render-html';
export { renderMarkdownTerminal, type TerminalRenderOptions } from './markdown/render-terminal';
export { linkSafeLine, linkTargets, osc8, type LinkTargets } from './markdown/terminal-links';
export { sanitizeTerminalText, sanitizeTerminalLine, isTerminalSafe } from './markdown/sanitize-terminal';
export { term, joinSafe, padSafe, padStartSafe, safeLines, wrapSafe, type SafeText } from './markdown/safe-text';
export { revealInvisibles } from './markdown/reveal-invisibles';
export { safeLinkUrl, safeImageUrl } from './markdown/safe-url';
export { visibleWidth, wrapStyled } from './markdown/wrap';
export { parsePullRequestUrl, checkPrUrlInput, parseGitRemote, newPullRequestUrl, PR_URL_RULE, type PrProvider, type PullRequestRef, type PrUrlCheck, type GitRemote } from './tasks';
export { planPrLink, branchFacts, suggestPrUrl, taskRefOfBranch, type GitContext, type PrLinkPlan, type PrLinkTask, type BranchFacts, type PrUrlSource, type PrUrlSuggestion } from './tasks';
export { assigneeOptions, assigneePatch, assigneeNeedsPeople, assigneeTargetOf, resolveAssignee, type AssigneeResolution, type AssigneeTarget, type AssigneeOption, type AssigneePatch, type AssigneeTask } from './tasks';
export { matchesTaskFields, hasTaskFieldFilter, type TaskFieldFilter } from './tasks';
export { taskRefFromBranch, branchNameFor, slugify, isValidBranchName, DEFAULT_BRANCH_PATTERN } from './tasks';
export { readTask, type TaskActionReader } from './tasks';
export { loadSavedTaskView, parseSavedTaskViews, SAVED_VIEW_FIELDS, type SavedTaskView, type SavedTaskViewEntry, type SavedViewClient, type SavedViewResult, type SavedViewReadOptions } from './tasks';
export { keptTask, type KeptTask } from './tasks/kept-task';
export { savedAgo } from './offline/saved-ago';
export { planStartWork, type StartWorkPlan, type StartWorkPlanResult, type StartWorkTask, type StartWorkAssignment } from './tasks';
export { taskFieldRows, taskNames, type TaskNames, type TaskNameSource } from './tasks';
export {
  ConfigError,
  configDir,
  stateDir,
  stateFileName,
  profilesPath,
  cursorPath,
  formerCursorPath,
  ProfileStore,
  PROFILE_NAME_PATTERN,
  resolveConnection,
  describeConnectionSource,
  MemoryCursorStore,
  FileCursorStore,
  type Env as ConfigEnv,
  type Profile,
  type ProfileSummary,
  type ProfilesFile,
  type ConnectionSource,
  type ResolvedConnection,
  type ResolveOptions,
  type CursorStore,
} from './config';
export { docTreeChildren, docTreeParents, docTreePath, type DocTreeItem } from './docs';
export {
  naturalBy,
  naturalCollator,
  naturalCompare,
  setListLocale,
  ceilingFromDocument,
  listCeiling,
  UNKNOWN_CEILING_ASK,
  listNotesText,
  settleAnswer,
  mergeAnswers,
  loadWholeTasks,
  loadWholeDocs,
  type ListAnswer,
  type ListNotes,
  type TaskListClient,
  type WholeTasks,
  type DocListClient,
  type WholeDocs,
} from './lists';
export { hasConflictMarkers, saveDoc, threeWayMerge, type DocSaver, type SaveDocInput, type SaveDocResult, type ConflictHunk, type MergeOutcome, type MergeLabels } from './docs';
export { oldestFirst as mentionsOldestFirst } from './live/mention-watcher';
export { MentionWatcher, type MentionSource, type MentionWatcherOptions, type MentionHandlers, type WatcherEvent, type WatcherState } from './live/mention-watcher';
export { compareTimestamps, timestampBefore } from './timestamps';
export { readRunEvents, type RunEventSource, type RunEventReaderOptions, type RunReaderEvent } from './run-events/reader';
export { childRunIdOf, describeRunEvent, isKnownRunEvent, isRunSettledEvent, type RunEventKind, type RunEventView } from './run-events/describe-run-event';
export { fileChangeOf, sidesOfUnifiedDiff, type FileChange } from './run-events/file-change';
export { stepQuote, stepReplyBody, type RunStep } from './run-events/step-reply';
export { startMentionFeed, type MentionFeed, type MentionFeedClient, type MentionFeedOptions } from './live/mention-feed';
export { actionFormFields, confirmPhraseOf, fieldHint, fieldPrompt, parseFieldText, parseFieldValue, fieldProblem, actionInput, GENERATED_FIELDS, LEAVE_EMPTY, type ActionFormField, type FieldKind, type PickOption, type FieldValue, type ActionInputResult } from './actions';
export { onMissingDisplayField, type MissingDisplayField } from './validate/display-notices';
export { mcpEndpointUrl, mcpRequestHeaders, runMcpBridge, callMcpTool, MCP_ENDPOINT_PATH, type McpBridgeOptions, type OfflineMcpBridge, type McpToolAnswer, type McpToolCallOptions } from './mcp/index';
export { dmPartnersName, roomLabel, roomName, type RoomReader } from './channels/channel-name';
export { countLabel } from './count-label';
export { everyone, matchPeople, personName, personQuery, type PeopleSource, type PersonQuery } from './channels/people';
export { mentionsHandle, ownMentionPattern } from './channels/own-mentions';
export {
  findReferences,
  referenceAt,
  completionPrefixAt,
  markdownCodeRanges,
  fencedCodeRanges,
  codePermalink,
  codeLocationLabel,
  isBinaryBytes,
  isBinaryString,
  codeSnippetMessage,
  jsonTextBytes,
  textLength,
  languageForPath,
  parseTodoComment,
  withTodoRef,
  taskFromCode,
  commitMessageWithRef,
  COMMIT_REF_MODES,
  editorOpenUri,
  parseEditorOpenUri,
  WSC_EXTENSION_ID,
  EDITOR_OPEN_PATH,
  PeopleDirectory,
  PEOPLE_TTL_MS,
  PEOPLE_FAILURE_TTL_MS,
  type TextReference,
  type FindReferenceOptions,
  type CompletionPrefix,
  type TextRange,
  type CodeLocation,
  type SnippetResult,
  type SnippetInput,
  type TodoComment,
  type CommitRefMode,
  type EditorOpenTarget,
} from './references';
// The outbox without SQLite (the store itself: shared/outbox.ts, imported lazily).
export { isWorthQueueing, outboxErrorOf, type OutboxError } from './offline/outbox-errors';
export { outboxPath, hasOutbox } from './offline/outbox-path';
export { knownAccount, knownReader, rememberAccount, forgetAccount, type KnownReader, type OfflineConnection } from './offline/known-accounts';
export type { OutboxEntry, OutboxOperation, OutboxOwner, OutboxState, Outbox } from './offline/outbox-store';
export type { OutboxResult, OutboxSender, ReplayHandlers, ReplayReport } from './offline/outbox-replay';
export * from './session';
export * from './inbox';
export type { OfflineCache, Cached, CacheSetAside, EntryKind, MessageScope, OfflineCacheOptions } from './offline/cache-store';
export { cachingClient, cacheOf } from './offline/caching-client';
export { recordingClient, keepRecordedReads, type CacheWrite, type RecordedReads } from './offline/recorded-reads';
export { catchUpCache, type CatchUpResult } from './offline/catch-up';
// Which SQLite opens the offline store (nothing loads until a file opens): the terminal picks the native one.
export { chosenSqlOpener, useSqlOpener, type SqlConnection, type SqlOpener, type SqlRow, type SqlValue } from './offline/sql-connection';
export { ReplayLoop, type ReplayLoopOptions } from './offline/replay-loop';
export { offlineAccountFolder, terminalOfflineRoot, CACHE_FILE, OUTBOX_FILE, type OfflineAccount } from './offline/store-folder';
export { OfflineStoreError } from './offline/store-error';
export { takeStoreNotices } from './offline/store-notices';
