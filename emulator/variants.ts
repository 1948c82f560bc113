// `wsc serve --variant NAME`: the other choices the spec leaves open, so clients are tested
// against more than one reading of it. Each choice stays within the spec; 'latitude' takes them all.

export const VARIANT_CHOICES = {
  gzip: 'answers are gzip-encoded unless the request excludes gzip (no Accept-Encoding means any coding)',
  'no-content': 'routes the spec answers with "confirmation" answer 204 with no body',
  'short-pages': 'message, thread, mention and run-event pages hold fewer rows than `limit` (hasMore/cursor say more)',
  'empty-event-pages': 'the first read of a run-event position answers no events with hasMore (nextAfter = after)',
  'omit-nulls': 'object fields whose value is null are left out (cursor, parent_id, …)',
  'newest-mentions': 'mentions with `since` and a full page are the newest `limit` rows after `since`, not the oldest',
  'early-polls': 'a mention long-poll answers empty after ~250 ms instead of holding for wait_ms',
  'other-names': 'fields the spec does not name are named differently (updated_at is modified_at), in answers and in the OpenAPI document',
} as const;

export type VariantChoice = keyof typeof VARIANT_CHOICES;
export type Variant = ReadonlySet<VariantChoice>;

const ALL = Object.keys(VARIANT_CHOICES) as VariantChoice[];

/** Named variants beyond the single choices. latitude: every choice the client copes with unaided. */
export const NAMED_VARIANTS: Readonly<Record<string, readonly VariantChoice[]>> = {
  default: [],
  latitude: ALL.filter((c) => c !== 'other-names'),
};

/** The other-names variant's renames (the spec shows neither name: "Other doc fields: not shown"). */
export const OTHER_NAMES: Readonly<Record<string, string>> = { updated_at: 'modified_at' };

/** Renames keys at every depth, and the names listed in JSON Schema `required` arrays. */
export function renameFields(value: unknown, names: Readonly<Record<string, string>> = OTHER_NAMES): unknown {
  if (Array.isArray(value)) return value.map((v) => renameFields(v, names));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = names[k] ?? k;
    out[key] = k === 'required' && Array.isArray(v) ? v.map((r) => (typeof r === 'string' ? (names[r] ?? r) : r)) : renameFields(v, names);
  }
  return out;
}

export const EARLY_POLL_MS = 250;

function isChoice(name: string): name is VariantChoice {
  return Object.hasOwn(VARIANT_CHOICES, name);
}

/** 'latitude', 'gzip,short-pages' or '' → the set of choices; a string error for an unknown name. */
export function parseVariant(spec: string | undefined): Variant | string {
  const choices = new Set<VariantChoice>();
  for (const raw of (spec ?? '').split(',')) {
    const name = raw.trim();
    if (!name) continue;
    const named = NAMED_VARIANTS[name];
    if (named) for (const c of named) choices.add(c);
    else if (isChoice(name)) choices.add(name);
    else return `unknown variant '${name}'; use one of ${[...Object.keys(NAMED_VARIANTS), ...ALL].join(', ')} (or several, comma-separated)`;
  }
  return choices;
}

/** Drops null-valued object fields at every depth (arrays keep their length). */
export function omitNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(omitNulls);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== null) out[k] = omitNulls(v);
  return out;
}

/** The page size a short-pages service uses for a requested limit: about half, at least one. */
export function shortLimit(variant: Variant, limit: number): number {
  return variant.has('short-pages') ? Math.max(1, Math.floor(limit / 2)) : limit;
}
