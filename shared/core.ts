// A narrow entry of the API layer for one-shot commands: the Client, its errors, the connection
// settings and the terminal sanitiser, without the live parts (realtime client, ws), the Markdown
// renderers (marked), docs and tasks helpers. A `wsc` subcommand that imports only this loads a fraction of
// shared/ at start. Everything here is also exported by shared/index.ts.
export { Client, type ClientOptions } from './client';
export { ApiError, ResponseTooLargeError, UnexpectedResponseError, NetworkError, isApiError } from './errors';
export { ConfigError, resolveConnection, describeConnectionSource, type ResolvedConnection } from './config';
export { describeServiceNotice } from './http/service-notice';
export { sanitizeTerminalText, sanitizeTerminalLine } from './markdown/sanitize-terminal';
export { term, joinSafe, padSafe, padStartSafe, safeLines, type SafeText } from './markdown/safe-text';
export type { Identity } from './contract';
// What the prepare-commit-msg hook runs at every commit: the branch's ref and the message with it.
export { taskRefFromBranch } from './tasks/task-ref';
export { commitMessageWithRef, COMMIT_REF_MODES, type CommitRefMode } from './references/commit-message';
export { onMissingDisplayField, type MissingDisplayField } from './validate/display-notices';
// --json prints answers as the service sent them, not with the placeholders filled for drawing.
export { asSent, keepAnswersAsSent } from './validate/as-sent';
// Account files moved aside, said by a command once it has printed.
export { takeStoreNotices } from './offline/store-notices';
