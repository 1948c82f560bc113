/** Ajv's options for the response schemas, at run time (validators.ts) and ahead of time (scripts/precompiled-validators.mjs). */
export const AJV_OPTIONS = { useDefaults: true, allErrors: false, strict: false, coerceTypes: false } as const;
