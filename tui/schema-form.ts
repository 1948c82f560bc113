// A form generated from a command's input schema (list_capabilities): one text field per property,
// typed values built from what was typed, and the exact confirmation phrase where one is needed.
import type { Capability, JsonSchema } from '../shared/index';

export interface FormField {
  name: string;
  label: string;
  required: boolean;
  /** What the field takes, shown beside it. */
  hint: string;
  schema: JsonSchema;
  /** The exact phrase a `confirm` field must carry. */
  confirmPhrase?: string;
}

function typeOf(schema: JsonSchema): string {
  const t = Array.isArray(schema.type) ? schema.type.filter((x) => x !== 'null')[0] : schema.type;
  return t ?? (schema.enum ? 'enum' : 'string');
}

export function formFields(command: Capability): FormField[] {
  const props = command.inputSchema.properties ?? {};
  const required = new Set(command.inputSchema.required ?? []);
  return Object.entries(props)
    .filter(([name]) => name !== 'requestId')
    .map(([name, schema]) => {
      const phrase = name === 'confirm' ? (command.confirmPhrase ?? (typeof schema.const === 'string' ? schema.const : undefined)) : undefined;
      const parts: string[] = [];
      if (phrase) parts.push(`type exactly: ${phrase}`);
      else {
        parts.push(schema.enum ? schema.enum.map(String).join(' | ') : typeOf(schema));
        if (schema.format) parts.push(schema.format);
        if (schema.maxLength !== undefined) parts.push(`max ${schema.maxLength}`);
        if (typeOf(schema) === 'array') parts.push('comma-separated');
        if (typeOf(schema) === 'object') parts.push('JSON');
      }
      return { name, label: name, required: required.has(name), hint: parts.join(', '), schema, ...(phrase ? { confirmPhrase: phrase } : {}) };
    })
    .sort((a, b) => Number(b.required) - Number(a.required));
}

export type FormResult = { ok: true; input: Record<string, unknown> } | { ok: false; field: string; message: string };

/** Builds the command input from typed text; empty optional fields are left out. */
export function formInput(fields: readonly FormField[], values: Readonly<Record<string, string>>): FormResult {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = (values[field.name] ?? '').trim();
    if (raw === '') {
      if (field.required) return { ok: false, field: field.name, message: `${field.name} is required.` };
      continue;
    }
    if (field.confirmPhrase !== undefined && raw !== field.confirmPhrase) {
      return { ok: false, field: field.name, message: `Type the confirmation exactly: ${field.confirmPhrase}` };
    }
    switch (typeOf(field.schema)) {
      case 'integer':
      case 'number': {
        const n = Number(raw);
        if (!Number.isFinite(n)) return { ok: false, field: field.name, message: `${field.name} must be a number.` };
        input[field.name] = n;
        break;
      }
      case 'boolean':
        if (!/^(true|false|yes|no)$/i.test(raw)) return { ok: false, field: field.name, message: `${field.name}: type true or false.` };
        input[field.name] = /^(true|yes)$/i.test(raw);
        break;
      case 'array':
        input[field.name] = raw.split(',').map((s) => s.trim()).filter(Boolean);
        break;
      case 'object':
        try {
          input[field.name] = JSON.parse(raw) as unknown;
        } catch {
          return { ok: false, field: field.name, message: `${field.name} must be JSON, e.g. {"key":"value"}.` };
        }
        break;
      default:
        input[field.name] = raw;
    }
  }
  return { ok: true, input };
}
