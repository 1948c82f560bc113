// Checks of the paged answers the iterators, the mention watcher and the run-event reader walk
// (schemas in shared/validate): an answer that is not the documented page becomes an
// UnexpectedResponseError here, instead of a TypeError deep inside a consumer; a cursor or other
// nullable field the service left out reads as null.
import type { MentionsResponse, MessagesPage, RunEventsPage, Thread } from '../contract';
import type { Logger } from '../logger';
import { checkResponse } from '../validate/check';

export const checkMessagesPage = (answer: unknown, path: string, logger?: Logger): Promise<MessagesPage> => checkResponse('MessagesPage', answer, path, { logger });
export const checkThread = (answer: unknown, path: string, logger?: Logger): Promise<Thread> => checkResponse('Thread', answer, path, { logger });
export const checkMentions = (answer: unknown, path: string, logger?: Logger): Promise<MentionsResponse> => checkResponse('MentionsResponse', answer, path, { logger });
export const checkRunEventsPage = (answer: unknown, path: string, logger?: Logger): Promise<RunEventsPage> => checkResponse('RunEventsPage', answer, path, { logger });
