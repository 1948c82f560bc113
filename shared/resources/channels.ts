import {
  PATHS,
  type Channel,
  type EditMessageResult,
  type Link,
  type Member,
  type Message,
  type MessageLinkResult,
  type MessagesPage,
  type MessagesQuery,
  type PostMessageInput,
  type PostMessageResult,
  type SearchQuery,
  type SearchResponse,
  type Thread,
} from '../contract';
import type { Executor } from '../http/executor';
import type { CallOptions } from '../http/types';
import { checkResponse } from '../validate/check';
import { checkMessagesPage, checkThread } from './page-shape';

export async function channels(api: Executor, opts?: CallOptions): Promise<Channel[]> {
  const path = PATHS.channels();
  return (await checkResponse('ChannelsResponse', api.send({ method: 'GET', path, opts }), path, { logger: api.logger })).channels;
}

export async function messages(api: Executor, channelId: string, q: MessagesQuery = {}, opts?: CallOptions): Promise<MessagesPage> {
  const path = PATHS.channelMessages(channelId);
  return checkMessagesPage(api.send({ method: 'GET', path, query: { limit: q.limit, before: q.before, after: q.after }, opts }), path, api.logger);
}

export async function postMessage(api: Executor, channelId: string, input: PostMessageInput, opts?: CallOptions): Promise<PostMessageResult> {
  const path = PATHS.channelMessages(channelId);
  return checkResponse('PostMessageResult', api.send({ method: 'POST', path, body: input, opts }), path, { method: 'POST', logger: api.logger });
}

/**
 * The spec promises only an "edit confirmation": a service may answer 204 with no body. Then the
 * edit is done and the local time stands in for edited_at, so views still mark the message edited.
 */
export async function editMessage(api: Executor, messageId: string, body: string, opts?: CallOptions): Promise<EditMessageResult> {
  const answer = await api.send<Partial<EditMessageResult>>({ method: 'PATCH', path: PATHS.message(messageId), body: { body }, opts });
  return { ok: true, id: typeof answer.id === 'string' ? answer.id : messageId, edited_at: typeof answer.edited_at === 'string' ? answer.edited_at : new Date().toISOString() };
}

export async function thread(api: Executor, rootId: string, q: MessagesQuery = {}, opts?: CallOptions): Promise<Thread> {
  const path = PATHS.thread(rootId);
  return checkThread(api.send({ method: 'GET', path, query: { limit: q.limit, before: q.before, after: q.after }, opts }), path, api.logger);
}

export async function members(api: Executor, channelId: string, opts?: CallOptions): Promise<Member[]> {
  const path = PATHS.channelMembers(channelId);
  return (await checkResponse('MembersResponse', api.send({ method: 'GET', path, opts }), path, { logger: api.logger })).members;
}

export async function links(api: Executor, channelId: string, opts?: CallOptions): Promise<Link[]> {
  const path = PATHS.channelLinks(channelId);
  return (await checkResponse('LinksResponse', api.send({ method: 'GET', path, opts }), path, { logger: api.logger })).links;
}

export async function messageLink(api: Executor, url: string, opts?: CallOptions): Promise<MessageLinkResult> {
  const path = PATHS.messageLink();
  return checkResponse('MessageLinkResult', api.send({ method: 'GET', path, query: { url }, opts }), path, { logger: api.logger });
}

export async function search(api: Executor, q: SearchQuery, opts?: CallOptions): Promise<Message[]> {
  const path = PATHS.search();
  const data = await api.send<SearchResponse>({ method: 'GET', path, query: { q: q.q, limit: q.limit }, opts });
  return (await checkResponse('SearchResponse', data, path, { logger: api.logger })).hits;
}
