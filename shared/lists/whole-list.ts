/**
 * One list answer judged for completeness: each row once (a row answered twice is shown once), and
 * whether more may exist. An answer as long as what was asked, or as the service's ceiling, may
 * have been cut; so may one longer than asked (the service did not do what was asked).
 */

export interface ListNotes {
  /** Rows the service answered more than once (each is shown once). */
  repeated: number;
  /** Rows beyond what was asked (shown, since they are the service's). */
  extra: number;
}

export interface ListAnswer<T> extends ListNotes {
  /** Each row once, in the service's order. */
  items: T[];
  /** The `limit` asked. */
  asked: number;
  /** More rows may exist than the answer holds: say so, and offer narrowing or search. */
  truncated: boolean;
}

/** The answer `rows` to an ask of `asked` rows, with the service's `ceiling` when known. */
export function settleAnswer<T extends { id: string }>(rows: readonly T[], asked: number, ceiling: number | null): ListAnswer<T> {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    items.push(row);
  }
  const full = Math.min(asked, ceiling ?? asked);
  return {
    items,
    asked,
    truncated: rows.length >= full,
    repeated: rows.length - items.length,
    extra: Math.max(0, rows.length - asked),
  };
}

/** Merges answers to narrower questions: each row once across all of them; the notes add up. */
export function mergeAnswers<T extends { id: string }>(answers: readonly ListAnswer<T>[]): { items: T[]; truncated: boolean } & ListNotes {
  const seen = new Set<string>();
  const items: T[] = [];
  let repeated = 0;
  let extra = 0;
  for (const answer of answers) {
    repeated += answer.repeated;
    extra += answer.extra;
    for (const row of answer.items) {
      if (seen.has(row.id)) {
        repeated += 1;
        continue;
      }
      seen.add(row.id);
      items.push(row);
    }
  }
  return { items, truncated: answers.some((a) => a.truncated), repeated, extra };
}

/** One plain sentence about what the service did wrong, or null. */
export function listNotesText(notes: ListNotes): string | null {
  const parts: string[] = [];
  if (notes.repeated > 0) parts.push(`${notes.repeated} row${notes.repeated === 1 ? '' : 's'} twice (each shown once)`);
  if (notes.extra > 0) parts.push(`${notes.extra} more row${notes.extra === 1 ? '' : 's'} than asked`);
  return parts.length > 0 ? `The service sent ${parts.join(' and ')}.` : null;
}
