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

/** Display fields (as `channels[].kind`) absent from every row of `data` that has a place for them. */
export function absentDisplayFields(data: unknown, tree: DisplayTree): AbsentDisplayField[] {
  const seen = new Map<string, { present: boolean; shownInstead: string }>();
  const walk = (value: unknown, at: DisplayTree, path: string): void => {
    if (Array.isArray(value)) {
      if (at.items) for (const item of value) walk(item, at.items, `${path}[]`);
      return;
    }
    if (!isObject(value)) return;
    for (const [field, shownInstead] of Object.entries(at.fields ?? {})) {
      const key = path ? `${path}.${field}` : field;
      seen.set(key, { present: (seen.get(key)?.present ?? false) || field in value, shownInstead });
    }
    for (const [name, sub] of Object.entries(at.props ?? {})) {
      if (name in value) walk(value[name], sub, path ? `${path}.${name}` : name);
    }
  };
  walk(data, tree, '');
  return [...seen].filter(([, v]) => !v.present).map(([field, v]) => ({ field, shownInstead: v.shownInstead }));
}
