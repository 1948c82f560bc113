/**
 * What was typed into an action form, turned into the JSON values sent, or what is wrong with it.
 * The rules, the same in every face:
 * - the confirmation phrase must match exactly: case and spaces count, nothing is trimmed;
 * - any other text is trimmed; empty leaves an optional field out and is refused for a required one;
 * - `null` is null where the schema allows null (also for a string field);
 * - enums take one of their values exactly; booleans take true/false (or yes/no, any case);
 * - integers must be whole numbers and numbers plain decimals (no hex, no Infinity), both within
 *   minimum/maximum;
 * - strings are checked for minLength/maxLength, uuid/email/uri formats, const and pattern;
 * - a list is a JSON array (`["a", "b"]`) when it starts with `[`, else comma-separated
 *   (`a, b`, empty items dropped); each item is checked against `items` (so `1, 2` is [1, 2] for
 *   integer items). Lists of objects must be JSON;
 * - an object is JSON.
 */
import type { JsonSchema } from '../contract';
import { LEAVE_EMPTY, schemaTypes, type ActionFormField } from './input-form';

export type FieldValue = { ok: true; value: unknown; omit: boolean } | { ok: false; message: string };

export type ActionInputResult = { ok: true; input: Record<string, unknown> } | { ok: false; field: string; message: string };

type Checked = { ok: true; value: unknown } | { ok: false; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function checkString(s: JsonSchema, text: string): Checked {
  if (s.minLength !== undefined && text.length < s.minLength) return { ok: false, message: `At least ${s.minLength} characters.` };
  if (s.maxLength !== undefined && text.length > s.maxLength) return { ok: false, message: `At most ${s.maxLength} characters (now ${text.length}).` };
  if (s.format === 'uuid' && !UUID.test(text)) return { ok: false, message: 'A UUID, like 3f2b8c1e-0000-4000-8000-000000000000.' };
  if (s.format === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text)) return { ok: false, message: 'An email address.' };
  if ((s.format === 'uri' || s.format === 'url') && !/^https?:\/\/\S+$/.test(text)) return { ok: false, message: 'A full http(s) URL.' };
  if (s.const !== undefined && text !== String(s.const)) return { ok: false, message: `Must be exactly “${String(s.const)}”.` };
  if (s.pattern) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(s.pattern, 'u');
    } catch {
      re = undefined; // a pattern this engine cannot compile is left to the service
    }
    if (re && !re.test(text)) return { ok: false, message: `Does not match the expected form${s.description ? `: ${s.description}` : '.'}` };
  }
  return { ok: true, value: text };
}

function checkNumber(s: JsonSchema, n: number, integer: boolean): Checked {
  if (!Number.isFinite(n)) return { ok: false, message: 'A number.' };
  if (integer && !Number.isInteger(n)) return { ok: false, message: 'A whole number.' };
  if (s.minimum !== undefined && n < s.minimum) return { ok: false, message: `At least ${s.minimum}.` };
  if (s.maximum !== undefined && n > s.maximum) return { ok: false, message: `At most ${s.maximum}.` };
  return { ok: true, value: n };
}

function parseBoolean(text: string): boolean | undefined {
  const t = text.toLowerCase();
  if (t === 'true' || t === 'yes') return true;
  if (t === 'false' || t === 'no') return false;
  return undefined;
}

/** One typed (trimmed, non-empty) value against a schema: the scalar rules, used for fields and list items. */
function coerceText(s: JsonSchema, text: string): Checked {
  if (s.enum) {
    const match = s.enum.find((v) => String(v) === text);
    return match !== undefined ? { ok: true, value: match } : { ok: false, message: `Choose one of: ${s.enum.map(String).join(', ')}.` };
  }
  const types = schemaTypes(s);
  if (types.includes('boolean')) {
    const b = parseBoolean(text);
    return b === undefined ? { ok: false, message: 'true or false.' } : { ok: true, value: b };
  }
  if (types.includes('integer') || types.includes('number')) {
    if (!DECIMAL.test(text)) return { ok: false, message: types.includes('integer') ? 'A whole number.' : 'A number.' };
    return checkNumber(s, Number(text), !types.includes('number'));
  }
  if (types.includes('object') || types.includes('array')) return { ok: false, message: 'JSON, e.g. {"key": "value"}.' };
  return checkString(s, text);
}

/** A value given as JSON (a list item, or a value a script passed) against a schema. */
function checkJsonValue(s: JsonSchema, value: unknown): Checked {
  if (value === null) return schemaTypes(s).includes('null') ? { ok: true, value } : { ok: false, message: 'null is not allowed here.' };
  if (s.enum) return s.enum.includes(value as string) ? { ok: true, value } : { ok: false, message: `Choose one of: ${s.enum.map(String).join(', ')}.` };
  const types = schemaTypes(s);
  if (types.length === 0) return { ok: true, value };
  if (typeof value === 'string' && types.includes('string')) return checkString(s, value);
  if (typeof value === 'boolean' && types.includes('boolean')) return { ok: true, value };
  if (typeof value === 'number' && (types.includes('integer') || types.includes('number'))) return checkNumber(s, value, !types.includes('number'));
  if (Array.isArray(value) && types.includes('array')) return checkList(s, value);
  if (typeof value === 'object' && !Array.isArray(value) && types.includes('object')) return { ok: true, value };
  return { ok: false, message: `A ${types.filter((t) => t !== 'null').join(' or ')}.` };
}

function checkList(s: JsonSchema, items: readonly unknown[]): Checked {
  if (!s.items) return { ok: true, value: items };
  const out: unknown[] = [];
  for (const [i, item] of items.entries()) {
    const checked = checkJsonValue(s.items, item);
    if (!checked.ok) return { ok: false, message: `Item ${i + 1}: ${checked.message}` };
    out.push(checked.value);
  }
  return { ok: true, value: out };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function coerceList(s: JsonSchema, text: string): Checked {
  if (text.startsWith('[')) {
    const parsed = parseJson(text);
    if (!parsed.ok || !Array.isArray(parsed.value)) return { ok: false, message: 'A JSON list, e.g. ["a", "b"], or items separated by commas.' };
    return checkList(s, parsed.value);
  }
  const itemSchema = s.items ?? {};
  const itemTypes = schemaTypes(itemSchema);
  if (itemTypes.includes('object') || itemTypes.includes('array')) return { ok: false, message: 'A JSON list, e.g. [{"key": "value"}].' };
  const out: unknown[] = [];
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p !== '');
  for (const [i, part] of parts.entries()) {
    const checked = coerceText(itemSchema, part);
    if (!checked.ok) return { ok: false, message: `Item ${i + 1}: ${checked.message}` };
    out.push(checked.value);
  }
  return { ok: true, value: out };
}

/** Converts what was typed (or picked, as its label) into the value to send, or says what is wrong. */
export function parseFieldText(field: ActionFormField, typed: string): FieldValue {
  if (field.kind === 'confirm') {
    return typed === field.phrase
      ? { ok: true, value: typed, omit: false }
      : { ok: false, message: `Type the confirmation exactly: ${field.phrase ?? ''} (case and spaces count).` };
  }
  const text = typed.trim();
  if (text === '' || (field.options !== undefined && text === LEAVE_EMPTY)) {
    return field.required ? { ok: false, message: `${field.name} is required.` } : { ok: true, value: undefined, omit: true };
  }
  if (field.nullable && text === 'null') return { ok: true, value: null, omit: false };
  let checked: Checked;
  switch (field.kind) {
    case 'array':
      checked = coerceList(field.schema, text);
      break;
    case 'object': {
      const parsed = parseJson(text);
      const isObject = parsed.ok && typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value);
      checked = parsed.ok && isObject ? { ok: true, value: parsed.value } : { ok: false, message: 'A JSON object, e.g. {"key": "value"}.' };
      break;
    }
    default:
      checked = coerceText(field.schema, text);
  }
  return checked.ok ? { ok: true, value: checked.value, omit: false } : checked;
}

/** A value a script gave (any JSON) for a field, checked by the same rules as typed text. */
export function parseFieldValue(field: ActionFormField, value: unknown): FieldValue {
  if (typeof value === 'string') return parseFieldText(field, value);
  if (value === undefined) return parseFieldText(field, '');
  if (field.kind === 'confirm') return parseFieldText(field, JSON.stringify(value));
  if (value === null && field.nullable) return { ok: true, value: null, omit: false };
  const checked = checkJsonValue(field.schema, value);
  return checked.ok ? { ok: true, value: checked.value, omit: false } : checked;
}

/** The message about a field's problem, naming the field (the confirmation names itself). */
export function fieldProblem(field: ActionFormField, message: string): string {
  return field.kind === 'confirm' || message.startsWith(field.name) ? message : `${field.name}: ${message}`;
}

/** Builds the command input from typed text (field name -> text); empty optional fields are left out. */
export function actionInput(fields: readonly ActionFormField[], values: Readonly<Record<string, string>>): ActionInputResult {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    const parsed = parseFieldText(field, values[field.name] ?? '');
    if (!parsed.ok) return { ok: false, field: field.name, message: fieldProblem(field, parsed.message) };
    if (!parsed.omit) input[field.name] = parsed.value;
  }
  return { ok: true, input };
}
