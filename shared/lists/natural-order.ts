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

function collator(locale: string | undefined, sensitivity: 'base' | 'variant'): Intl.Collator {
  const key = `${locale ?? ''}|${sensitivity}`;
  let made = collators.get(key);
  if (!made) {
    try {
      made = new Intl.Collator(locale, { numeric: true, sensitivity });
    } catch {
      // An unknown locale tag: the environment's own order, still numeric.
      made = new Intl.Collator(undefined, { numeric: true, sensitivity });
    }
    collators.set(key, made);
  }
  return made;
}

/** A numeric, locale-aware collator that sees letters only (case and accents do not order; one per locale, made once). */
export function naturalCollator(locale: string | undefined = defaultLocale): Intl.Collator {
  return collator(locale, 'base');
}

/**
 * Natural order of two names: letters and numbers first (case and accents aside), then case and
 * accents as the locale orders them, then code units, so only equal strings compare equal.
 */
export function naturalCompare(a: string, b: string, locale: string | undefined = defaultLocale): number {
  const c = collator(locale, 'base').compare(a, b) || collator(locale, 'variant').compare(a, b);
  if (c !== 0) return c;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A comparator by one name of each item, in natural order. */
export function naturalBy<T>(name: (item: T) => string, locale?: string): (a: T, b: T) => number {
  return (a, b) => naturalCompare(name(a), name(b), locale);
}
