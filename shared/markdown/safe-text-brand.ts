// The SafeText brand alone (safe-text.ts explains it), so the sanitizer that makes SafeText and the
// helpers that combine it import it without importing each other.
declare const safeTextBrand: unique symbol;
export type SafeText = string & { readonly [safeTextBrand]: true };
