// The sessions above the resources, one per account, used by every face: the outbox session (the
// one send policy), the doc-save round, the mention cursor and the labels. No SQLite is loaded here.
export { OutboxSession, RETRY_EVERY_MS, setAsideMessage, type DropOutcome, type OutboxSessionEvents, type OutboxSessionOptions, type SendOptions as OutboxSendOptions, type SendOutcome as OutboxSendOutcome, type Sending } from './outbox-session';
export { runDocSaveRound, type DocRace, type DocRaceChoice, type DocSaveOperation, type DocSaveRoundFace, type DocSaveRoundInput, type DocSaveRoundOutcome } from './doc-save-round';
export { accountMentionCursor, ForwardOnlyCursorStore, laterCursor, mentionCursorPath, MENTION_CURSOR_FILE } from './mention-cursor';
export { provisionalAccount, isProvisionalAccount } from '../offline/provisional-account';
export { authorLabel, AGENT_MARK, type AuthorLabelOptions, type AuthorLike } from '../channels/author-label';
export { describeOutboxOperation } from './outbox-labels';
export { InboxSession, INBOX_FILE, INBOX_REFRESH_MS, inboxPath, type InboxClient, type InboxOutbox, type InboxRefreshReport, type InboxSessionOptions } from './inbox-session';
