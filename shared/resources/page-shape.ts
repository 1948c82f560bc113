// Checks of the paged answers the iterators, the mention watcher and the run-event reader walk
// (schemas in shared/validate): an answer that is not the documented page becomes an
// UnexpectedResponseError here, instead of a TypeError deep inside a consumer; a cursor or other
// nullable field the service left out reads as null.
import type { MentionsResponse, MessagesPage, RunEventsPage, Thread } from '../contract';
import { checkResponse } from '../validate/check';

export const checkMessagesPage = (data: unknown, path: string): MessagesPage => checkResponse<MessagesPage>('messagesPage', data, path);
export const checkThread = (data: unknown, path: string): Thread => checkResponse<Thread>('thread', data, path);
export const checkMentions = (data: unknown, path: string): MentionsResponse => checkResponse<MentionsResponse>('mentions', data, path);
export const checkRunEventsPage = (data: unknown, path: string): RunEventsPage => checkResponse<RunEventsPage>('runEventsPage', data, path);
