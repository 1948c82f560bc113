// GET /search.

import { LIMITS } from './limits';
import { MessageSchema } from './messages';
import { limitParameter, queryParameters, ref, Type, type Static } from './schema-kit';

export const SearchQuerySchema = queryParameters(
  {
    q: Type.String({ minLength: LIMITS.searchMinChars, maxLength: LIMITS.queryTextMax, description: 'Contains-match text.' }),
    limit: Type.Optional(limitParameter(LIMITS.searchDefault, LIMITS.searchMax)),
  },
  { $id: 'SearchQuery' },
);
export type SearchQuery = Static<typeof SearchQuerySchema>;

export const SearchResponseSchema = Type.Object({ hits: Type.Array(ref(MessageSchema)) }, { $id: 'SearchResponse' });
export type SearchResponse = Static<typeof SearchResponseSchema>;
