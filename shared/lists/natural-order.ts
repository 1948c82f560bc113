/**
 * The one order of names in every list and tree: as people read them in their locale, numbers by
 * value (T-2 before T-10, Folder 2 before Folder 10), case and accents second. Equal names keep a
 * stable order by code units, so two faces never disagree on a tie.
 */

const collators = new Map<string, Intl.Collator>();
let defaultLocale: string | undefined;

/** The locale lists use when none is given (VS Code sets its display language; terminals use the environment's). */
export function setListLocale(locale: string | undefined): void {
  defaultLocale = locale;
}

/** A numeric, locale-aware collator (one per locale, made once). */
export function naturalCollator(locale: string | undefined = defaultLocale): Intl.Collator {
  const key = locale ?? '';
  let collator = collators.get(key);
  if (!collator) {
    try {
      collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    } catch {
      // An unknown locale tag: the environment's own order, still numeric.
      collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    }
    collators.set(key, collator);
  }
  return collator;
}

/** Natural order of two names; a tie (same letters in another case or accent) falls back to code units. */
export function naturalCompare(a: string, b: string, locale?: string): number {
  const c = naturalCollator(locale).compare(a, b);
  if (c !== 0) return c;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A comparator by one name of each item, in natural order. */
export function naturalBy<T>(name: (item: T) => string, locale?: string): (a: T, b: T) => number {
  return (a, b) => naturalCompare(name(a), name(b), locale);
}
