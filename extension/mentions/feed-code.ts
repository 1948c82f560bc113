// The live mention feed's code (the doorbell, the watcher, the account's cursor), imported by
// feed-session.ts when a sign-in first starts the feed.
import { accountMentionCursor, startInboxFeed } from '../../shared/index';

export { accountMentionCursor, startInboxFeed };
