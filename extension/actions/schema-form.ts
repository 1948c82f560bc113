/**
 * A generic action's input form, generated from the command's published inputSchema: one field
 * per property (required first, the confirmation phrase last), each with its way of asking (pick or
 * text), its validation and its conversion to the JSON value sent. vscode-free, so it is unit-tested
 * and the quick-input flow in run-action.ts only asks and shows.
 */
import type { Capability, CommandRisk, JsonSchema } from '../../shared/index';

export type FieldKind = 'enum' | 'boolean' | 'integer' | 'number' | 'string' | 'json' | 'confirm';

export interface PickOption {
  label: string;
  /** The JSON value sent; undefined = leave the field out. */
  value: unknown;
  description?: string;
}

export interface FormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** Accepts null (typed as `null`). */
  nullable: boolean;
  description: string;
  schema: JsonSchema;
  /** For enum and boolean fields: the choices (optional fields also get "leave empty"). */
  options?: PickOption[];
  /** For confirm fields: the exact phrase. */
  phrase?: string;
}

export type FieldValue = { ok: true; value: unknown; omit: boolean } | { ok: false; message: string };

/** Filled in by the client once per logical submission (and reused on retry), never asked. */
export const GENERATED_FIELDS = new Set(['requestId']);

const RISK_ORDER: readonly CommandRisk[] = ['read', 'write', 'admin', 'destructive'];
export const RISK_LABELS: Record<CommandRisk, string> = {
  read: 'Read: changes nothing',
  write: 'Write: changes workspace content',
  admin: 'Admin: needs an admin role and the workspace:admin scope',
  destructive: 'Destructive: permanent; asks for the exact confirmation phrase',
};

export function groupCapabilities(commands: readonly Capability[]): { risk: CommandRisk; commands: Capability[] }[] {
  return RISK_ORDER.map((risk) => ({
    risk,
    commands: commands.filter((c) => c.risk === risk && !c.interactiveOnly).sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((g) => g.commands.length > 0);
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** The exact confirmation phrase of a command: the published confirmPhrase, else the schema's const. */
export function confirmPhraseOf(cap: Capability): string | undefined {
  if (cap.confirmPhrase) return cap.confirmPhrase;
  const c = cap.inputSchema.properties?.confirm?.const;
  return typeof c === 'string' ? c : undefined;
}

export function formFields(cap: Capability): FormField[] {
  const props = cap.inputSchema.properties ?? {};
  const required = new Set(cap.inputSchema.required ?? []);
  const phrase = confirmPhraseOf(cap);
  const fields: FormField[] = [];
  for (const [name, schema] of Object.entries(props)) {
    if (GENERATED_FIELDS.has(name)) continue;
    const types = typesOf(schema);
    const nullable = types.includes('null');
    const base = { name, required: required.has(name), nullable, description: schema.description ?? '', schema };
    if (name === 'confirm' && phrase) {
      fields.push({ ...base, kind: 'confirm', phrase, required: true });
    } else if (schema.enum) {
      const options: PickOption[] = schema.enum.map((v) => ({ label: String(v), value: v }));
      if (!base.required) options.push({ label: '(leave empty)', value: undefined });
      fields.push({ ...base, kind: 'enum', options });
    } else if (types.includes('boolean')) {
      const options: PickOption[] = [
        { label: 'true', value: true },
        { label: 'false', value: false },
      ];
      if (!base.required) options.push({ label: '(leave empty)', value: undefined });
      fields.push({ ...base, kind: 'boolean', options });
    } else if (types.includes('integer')) {
      fields.push({ ...base, kind: 'integer' });
    } else if (types.includes('number')) {
      fields.push({ ...base, kind: 'number' });
    } else if (types.includes('object') || types.includes('array')) {
      fields.push({ ...base, kind: 'json' });
    } else {
      fields.push({ ...base, kind: 'string' });
    }
  }
  const rank = (f: FormField) => (f.kind === 'confirm' ? 2 : f.required ? 0 : 1);
  return fields.sort((a, b) => rank(a) - rank(b));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkString(field: FormField, text: string): string | undefined {
  const s = field.schema;
  if (s.minLength !== undefined && text.length < s.minLength) return `At least ${s.minLength} characters.`;
  if (s.maxLength !== undefined && text.length > s.maxLength) return `At most ${s.maxLength} characters (now ${text.length}).`;
  if (s.format === 'uuid' && !UUID.test(text)) return 'A UUID, like 3f2b8c1e-0000-4000-8000-000000000000.';
  if (s.format === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text)) return 'An email address.';
  if ((s.format === 'uri' || s.format === 'url') && !/^https?:\/\/\S+$/.test(text)) return 'A full http(s) URL.';
  if (s.const !== undefined && text !== String(s.const)) return `Must be exactly “${String(s.const)}”.`;
  if (s.pattern) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(s.pattern, 'u');
    } catch {
      re = undefined; // a pattern this engine cannot compile is left to the service
    }
    if (re && !re.test(text)) return `Does not match the expected form${s.description ? `: ${s.description}` : '.'}`;
  }
  return undefined;
}

/** Converts what was typed (or picked, as its label) into the value to send, or says what is wrong. */
export function parseFieldText(field: FormField, text: string): FieldValue {
  if (field.kind === 'confirm') {
    return text === field.phrase
      ? { ok: true, value: text, omit: false }
      : { ok: false, message: `Type exactly “${field.phrase ?? ''}” (case and spaces count).` };
  }
  if (text === '') {
    return field.required ? { ok: false, message: `${field.name} is required.` } : { ok: true, value: undefined, omit: true };
  }
  if (field.nullable && text === 'null') return { ok: true, value: null, omit: false };
  switch (field.kind) {
    case 'enum':
    case 'boolean': {
      const option = field.options?.find((o) => o.label === text);
      if (!option) return { ok: false, message: `Choose one of: ${(field.options ?? []).map((o) => o.label).join(', ')}.` };
      return { ok: true, value: option.value, omit: option.value === undefined };
    }
    case 'integer':
    case 'number': {
      const n = Number(text.trim());
      if (text.trim() === '' || !Number.isFinite(n)) return { ok: false, message: 'A number.' };
      if (field.kind === 'integer' && !Number.isInteger(n)) return { ok: false, message: 'A whole number.' };
      const s = field.schema;
      if (s.minimum !== undefined && n < s.minimum) return { ok: false, message: `At least ${s.minimum}.` };
      if (s.maximum !== undefined && n > s.maximum) return { ok: false, message: `At most ${s.maximum}.` };
      return { ok: true, value: n, omit: false };
    }
    case 'json': {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return { ok: false, message: 'JSON, e.g. {"key": "value"}.' };
      }
      const types = typesOf(field.schema);
      const isArray = Array.isArray(value);
      const isObject = typeof value === 'object' && value !== null && !isArray;
      if (!((types.includes('object') && isObject) || (types.includes('array') && isArray))) {
        return { ok: false, message: types.includes('array') ? 'A JSON list, e.g. ["a", "b"].' : 'A JSON object, e.g. {"key": "value"}.' };
      }
      return { ok: true, value, omit: false };
    }
    case 'string': {
      const problem = checkString(field, text);
      return problem ? { ok: false, message: problem } : { ok: true, value: text, omit: false };
    }
  }
}

/** The prompt line of a field: name, required marker, type and description. */
export function fieldPrompt(field: FormField): string {
  const what =
    field.kind === 'confirm'
      ? `Type “${field.phrase ?? ''}” to confirm`
      : `${field.name}${field.required ? ' (required)' : ' (optional: leave empty to skip)'}`;
  const type = field.kind === 'string' && field.schema.format ? ` · ${field.schema.format}` : field.kind === 'confirm' ? '' : ` · ${field.kind}`;
  const extra = field.nullable && field.kind !== 'confirm' ? ' · type null to clear' : '';
  return `${what}${type}${extra}${field.description ? ` — ${field.description}` : ''}`;
}

export function isReadCommand(cap: Capability): boolean {
  return cap.risk === 'read';
}
