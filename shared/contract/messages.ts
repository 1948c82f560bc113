// Messages and threads.

import type { RunGraph } from './runs';

export interface Author {
  id: string;
  kind: 'person' | 'agent';
  name: string;
  handle: string;
}

export interface Message {
  id: string;
  channel_id: string;
  parent_id: string | null;
  author: Author;
  body: string;
  created_at: string;
  edited_at: string | null;
  /** The client name from `x-service-client` when posted through the API, else null. */
  via: string | null;
  reply_count: number;
  url: string;
  /** Present on fan-out plan messages unless the room contains a guest. */
  runGraph?: RunGraph;
  /** (ours) run started by this message (an agent reply that started a run), when any. */
  run_id?: string | null;
}

export interface MessagesPage {
  messages: Message[];
  hasMore: boolean;
  /** A created_at value, exclusive; null when the page is empty. */
  cursor: string | null;
}

export interface MessagesQuery {
  limit?: number;
  before?: string;
  after?: string;
}

export interface PostMessageInput {
  body: string;
  parent_id?: string;
}

export interface PostMessageResult {
  id: string;
  url: string;
}

export interface EditMessageResult {
  ok: true;
  id: string;
  edited_at: string;
}

export interface Thread {
  root: Message;
  replies: Message[];
  hasMore: boolean;
  cursor: string | null;
}
