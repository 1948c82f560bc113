import type { QueryParams } from './types';

/** `?a=1&b=x` from params; undefined and null values are left out. Empty string when none. */
export function buildQuery(query: QueryParams | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
