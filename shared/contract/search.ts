// GET /search.

import type { Message } from './messages';

export interface SearchQuery {
  q: string;
  limit?: number;
}

export interface SearchResponse {
  hits: Message[];
}
