// The inbox session's code, imported by inbox-account.ts when a session first opens.
import { InboxSession } from '../../shared/index';

export { InboxSession };
