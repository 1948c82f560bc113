// Checks of the paged answers the iterators, the mention watcher and the run-event reader walk
// (schemas in shared/validate): an answer that is not the documented page becomes an
// UnexpectedResponseError here, instead of a TypeError deep inside a consumer; a cursor or other
// nullable field the service left out reads as null.
import type { MentionsResponse, MessagesPage, RunEventsPage, Thread } from '../contract';
import type { Logger } from '../logger';
import { checkResponse } from '../validate/check';

export const checkMessagesPage = (data: unknown, path: string, logger?: Logger): MessagesPage => checkResponse('MessagesPage', data, path, { logger });
export const checkThread = (data: unknown, path: string, logger?: Logger): Thread => checkResponse('Thread', data, path, { logger });
export const checkMentions = (data: unknown, path: string, logger?: Logger): MentionsResponse => checkResponse('MentionsResponse', data, path, { logger });
export const checkRunEventsPage = (data: unknown, path: string, logger?: Logger): RunEventsPage => checkResponse('RunEventsPage', data, path, { logger });
