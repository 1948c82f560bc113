// Which display fields an answer left out in every row. The tolerant overlay fills them with a
// visible placeholder; when every row lacks one, the service most likely names it differently,
// and the placeholder alone ("unknown author", a DM listed as a channel) would hide that.

type JsonObject = Record<string, unknown>;

/** Marks a property whose absence the tolerant overlay fills with a placeholder (tolerant-schemas.ts). */
export const DISPLAY_MARK = 'x-wsc-display';

/** Where the display fields of an answer are: a compact, JSON-serialisable walk plan. */
export interface DisplayTree {
  /** Fields of this object the overlay fills, with how the placeholder reads ("unknown author"). */
  fields?: Record<string, string>;
  props?: Record<string, DisplayTree>;
  items?: DisplayTree;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export function displayTreeOf(schema: JsonObject): DisplayTree {
  const tree: DisplayTree = {};
  if (isObject(schema.properties)) {
    const fields: Record<string, string> = {};
    const props: Record<string, DisplayTree> = {};
    for (const [name, child] of Object.entries(schema.properties)) {
      if (!isObject(child)) continue;
      if (child[DISPLAY_MARK] === true) fields[name] = placeholderText(child.default, child);
      const sub = displayTreeOf(child);
      if (sub.fields || sub.props || sub.items) props[name] = sub;
    }
    if (Object.keys(fields).length > 0) tree.fields = fields;
    if (Object.keys(props).length > 0) tree.props = props;
  }
  if (isObject(schema.items)) {
    const sub = displayTreeOf(schema.items);
    if (sub.fields || sub.props || sub.items) tree.items = sub;
  }
  for (const branch of Array.isArray(schema.anyOf) ? schema.anyOf : []) {
    if (!isObject(branch)) continue;
    const sub = displayTreeOf(branch);
    if (sub.fields || sub.props || sub.items) return { ...sub, ...tree };
  }
  return tree;
}

/** How a placeholder reads in a sentence: `"unknown author"`, `"channel"`, `false`, an empty list. */
function placeholderText(value: unknown, schema: JsonObject): string {
  if (typeof value === 'string') return value === '' ? 'an empty value' : `"${value}"`;
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : JSON.stringify(value);
  if (isObject(value)) {
    // An object filled from its own fields' defaults (a message's author): its name says it.
    const nameSchema = isObject(schema.properties) ? schema.properties.name : undefined;
    if (typeof value.name === 'string') return `"${value.name}"`;
    if (isObject(nameSchema) && typeof nameSchema.default === 'string') return `"${nameSchema.default}"`;
    return 'an empty value';
  }
  return JSON.stringify(value);
}

export interface AbsentDisplayField {
  field: string;
  shownInstead: string;
}

interface FieldSeen {
  present: boolean;
  shownInstead: string;
}

/** One place of the tree as a walk reaches it: its fields' entries and its children, made once however many rows pass there. */
interface Place {
  readonly at: DisplayTree;
  readonly path: string;
  fields?: [name: string, seen: FieldSeen][];
  props?: [name: string, place: Place][];
  items?: Place | null;
}

/**
 * Display fields (as `channels[].kind`) absent from every row of `data` that has a place for them.
 * A page of rows walks the same places again and again: each place's paths and entries are made
 * once, so a row costs no new strings or objects.
 */
export function absentDisplayFields(data: unknown, tree: DisplayTree): AbsentDisplayField[] {
  const seen = new Map<string, FieldSeen>();
  walk(data, { at: tree, path: '' }, seen);
  return [...seen].filter(([, v]) => !v.present).map(([field, v]) => ({ field, shownInstead: v.shownInstead }));
}

// Each first reads what a place has made, and only then calls what makes it: a function whose inner
// callback uses its arguments allocates a context for them on every call, cached or not.
function fieldsOf(place: Place, seen: Map<string, FieldSeen>): [string, FieldSeen][] {
  return place.fields ?? (place.fields = fieldEntries(place, seen));
}

function fieldEntries(place: Place, seen: Map<string, FieldSeen>): [string, FieldSeen][] {
  return Object.entries(place.at.fields ?? {}).map(([field, shownInstead]) => {
    const key = place.path ? `${place.path}.${field}` : field;
    let entry = seen.get(key);
    if (!entry) seen.set(key, (entry = { present: false, shownInstead }));
    else entry.shownInstead = shownInstead;
    return [field, entry];
  });
}

function propsOf(place: Place): [string, Place][] {
  return place.props ?? (place.props = propEntries(place));
}

function propEntries(place: Place): [string, Place][] {
  return Object.entries(place.at.props ?? {}).map(([name, sub]) => [name, { at: sub, path: place.path ? `${place.path}.${name}` : name }]);
}

function itemsOf(place: Place): Place | null {
  if (place.items === undefined) place.items = place.at.items ? { at: place.at.items, path: `${place.path}[]` } : null;
  return place.items;
}

// Indexed loops and no array destructuring: a page walks every row, and nothing here may allocate per row.
function walk(value: unknown, place: Place, seen: Map<string, FieldSeen>): void {
  if (Array.isArray(value)) {
    const items = itemsOf(place);
    if (items) for (let i = 0; i < value.length; i++) walk(value[i], items, seen);
    return;
  }
  if (!isObject(value)) return;
  const fields = fieldsOf(place, seen);
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] as [string, FieldSeen];
    if (!field[1].present && field[0] in value) field[1].present = true;
  }
  const props = propsOf(place);
  for (let i = 0; i < props.length; i++) {
    const prop = props[i] as [string, Place];
    if (prop[0] in value) walk(value[prop[0]], prop[1], seen);
  }
}
