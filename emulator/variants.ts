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
  'other-commands': 'generic commands the clients call by name are listed under other names (get_task is task_get, join_channel is channelJoin, …) and move_doc is not offered',
} as const;

export type VariantChoice = keyof typeof VARIANT_CHOICES;
export type Variant = ReadonlySet<VariantChoice>;

const ALL = Object.keys(VARIANT_CHOICES) as VariantChoice[];

/** Named variants beyond the single choices. latitude: every choice the client copes with unaided. */
export const NAMED_VARIANTS: Readonly<Record<string, readonly VariantChoice[]>> = {
  default: [],
  latitude: ALL.filter((c) => c !== 'other-names' && c !== 'other-commands'),
};

/** The other-names variant's renames (the spec shows neither name: "Other doc fields: not shown"). */
export const OTHER_NAMES: Readonly<Record<string, string>> = { updated_at: 'modified_at' };

/**
 * The other-commands variant's names (the spec: "other command names come from list_capabilities"):
 * the same words in another order, case or separator, and one command (null) not offered at all.
 */
export const OTHER_COMMANDS: Readonly<Record<string, string | null>> = {
  get_task: 'task_get',
  join_channel: 'channelJoin',
  create_doc_folder: 'DocFolderCreate',
  rename_doc: 'doc.rename',
  delete_doc: 'delete-doc',
  move_doc: null,
};

/** The name a command is published under, or null when the variant does not offer it. */
export function publishedCommandName(variant: Variant, name: string): string | null {
  if (!variant.has('other-commands') || !Object.hasOwn(OTHER_COMMANDS, name)) return name;
  return OTHER_COMMANDS[name] ?? null;
}

/** The command a published name means (the inverse of publishedCommandName), or null. */
export function commandForPublishedName(variant: Variant, published: string): string | null {
  if (!variant.has('other-commands')) return published;
  if (Object.hasOwn(OTHER_COMMANDS, published)) return null;
  const renamed = Object.entries(OTHER_COMMANDS).find(([, to]) => to === published);
  return renamed ? renamed[0] : published;
}

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
