/**
 * The input form of a generic action, built from the command's published inputSchema
 * (list_capabilities), the same in every face: one field per property (required first, the
 * confirmation phrase last, never the requestId the client generates), each with its kind, its
 * choices, and the short hint or full prompt that says what it takes. coerce-input.ts turns what was
 * typed into the values sent.
 */
import type { Capability, JsonSchema } from '../contract';

export type FieldKind = 'enum' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object' | 'confirm';

export interface PickOption {
  label: string;
  /** The JSON value sent; undefined = leave the field out. */
  value: unknown;
}

export interface ActionFormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** Accepts null (typed as `null`). */
  nullable: boolean;
  description: string;
  schema: JsonSchema;
  /** For enum and boolean fields: the choices (optional fields also get "leave empty"). */
  options?: PickOption[];
  /** For the confirm field: the exact phrase. */
  phrase?: string;
}

/** Filled in by the client once per logical submission (and reused on retry), never asked. */
export const GENERATED_FIELDS: ReadonlySet<string> = new Set(['requestId']);

export const LEAVE_EMPTY = '(leave empty)';

export function schemaTypes(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** The exact confirmation phrase of a command: the published confirmPhrase, else the schema's const. */
export function confirmPhraseOf(cap: Capability): string | undefined {
  if (cap.confirmPhrase) return cap.confirmPhrase;
  const c = cap.inputSchema.properties?.confirm?.const;
  return typeof c === 'string' ? c : undefined;
}

function kindOf(schema: JsonSchema, types: readonly string[]): Exclude<FieldKind, 'confirm'> {
  if (schema.enum) return 'enum';
  if (types.includes('boolean')) return 'boolean';
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  if (types.includes('array')) return 'array';
  if (types.includes('object')) return 'object';
  return 'string';
}

export function actionFormFields(cap: Capability): ActionFormField[] {
  const props = cap.inputSchema.properties ?? {};
  const required = new Set(cap.inputSchema.required ?? []);
  const phrase = confirmPhraseOf(cap);
  const fields: ActionFormField[] = [];
  for (const [name, schema] of Object.entries(props)) {
    if (GENERATED_FIELDS.has(name)) continue;
    const types = schemaTypes(schema);
    const base = { name, required: required.has(name), nullable: types.includes('null'), description: schema.description ?? '', schema };
    if (name === 'confirm' && phrase) {
      fields.push({ ...base, kind: 'confirm', phrase, required: true, nullable: false });
      continue;
    }
    const kind = kindOf(schema, types);
    const field: ActionFormField = { ...base, kind };
    if (kind === 'enum') field.options = (schema.enum ?? []).map((v) => ({ label: String(v), value: v }));
    if (kind === 'boolean') field.options = [{ label: 'true', value: true }, { label: 'false', value: false }];
    if (field.options && !field.required) field.options.push({ label: LEAVE_EMPTY, value: undefined });
    fields.push(field);
  }
  const rank = (f: ActionFormField) => (f.kind === 'confirm' ? 2 : f.required ? 0 : 1);
  return fields.sort((a, b) => rank(a) - rank(b));
}

function range(schema: JsonSchema): string {
  if (schema.minimum !== undefined && schema.maximum !== undefined) return ` ${schema.minimum}-${schema.maximum}`;
  if (schema.minimum !== undefined) return ` >= ${schema.minimum}`;
  if (schema.maximum !== undefined) return ` <= ${schema.maximum}`;
  return '';
}

/** What a field takes, in a few words: `integer 1-12`, `string, uuid`, `list: a, b or JSON [..]`, `type exactly: …`. */
export function fieldHint(field: ActionFormField): string {
  if (field.kind === 'confirm') return `type exactly: ${field.phrase ?? ''}`;
  const s = field.schema;
  const parts: string[] = [];
  switch (field.kind) {
    case 'enum':
    case 'boolean':
      parts.push((field.options ?? []).filter((o) => o.label !== LEAVE_EMPTY).map((o) => o.label).join(' | '));
      break;
    case 'integer':
    case 'number':
      parts.push(`${field.kind}${range(s)}`);
      break;
    case 'array':
      parts.push('list: comma-separated or JSON [..]');
      break;
    case 'object':
      parts.push('JSON object');
      break;
    case 'string':
      parts.push('string');
      if (s.format) parts.push(s.format);
      if (s.maxLength !== undefined) parts.push(`max ${s.maxLength}`);
      break;
  }
  if (field.nullable) parts.push('or null');
  return parts.join(', ');
}

/** The full question of a field: name, required or optional, the hint and the description. */
export function fieldPrompt(field: ActionFormField): string {
  if (field.kind === 'confirm') return `Type “${field.phrase ?? ''}” to confirm${field.description ? ` — ${field.description}` : ''}`;
  const what = `${field.name}${field.required ? ' (required)' : ' (optional: leave empty to skip)'}`;
  return `${what} · ${fieldHint(field)}${field.description ? ` — ${field.description}` : ''}`;
}
