// A mock generated from the OpenAPI document (Prism and the like) sends and answers a schema's
// example (JSON Schema's `examples`, which OpenAPI 3.1 uses; `example` is its older spelling); for a
// string with a pattern or a format it cannot make up a valid value itself. So every such string in
// the document carries an example, and the example satisfies its schema.
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../../emulator/discovery/openapi';
import { modules } from '../../../emulator/routes';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every schema object in the document that constrains a string by `pattern` or `format`, with where it is. */
function constrainedStrings(doc: unknown): [string, Json][] {
  const found: [string, Json][] = [];
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
    if (!isObject(node)) return;
    if ((typeof node.pattern === 'string' || typeof node.format === 'string') && !('enum' in node) && !('const' in node)) found.push([at, node]);
    for (const [k, v] of Object.entries(node)) if (k !== 'example' && k !== 'examples' && k !== 'default') walk(v, `${at}/${k}`);
  };
  walk(doc, '#');
  return found;
}

const FORMATS: Record<string, (v: string) => boolean> = {
  'date-time': (v) => !Number.isNaN(Date.parse(v)) && /T/.test(v),
  uri: (v) => URL.canParse(v),
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  email: (v) => /^[^@\s]+@[^@\s]+$/.test(v),
};

/** Why `example` does not satisfy the string schema, or null. */
function problem(schema: Json): string | null {
  const example = schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
  if (typeof example !== 'string') return 'no string example';
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(example)) return `"${example}" does not match ${schema.pattern}`;
  if (typeof schema.minLength === 'number' && example.length < schema.minLength) return `"${example}" is shorter than ${schema.minLength}`;
  if (typeof schema.maxLength === 'number' && example.length > schema.maxLength) return `"${example}" is longer than ${schema.maxLength}`;
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format && !format(example)) return `"${example}" is not a ${String(schema.format)}`;
  return null;
}

describe('OpenAPI document examples', () => {
  const doc = buildOpenApi(modules.flatMap((m) => m.routes ?? []));
  const strings = constrainedStrings(doc);

  it('finds the patterned strings (tasks[].ref among them)', () => {
    expect(strings.length).toBeGreaterThan(10);
    expect(strings.map(([at]) => at)).toContain('#/components/schemas/TaskRow/properties/ref');
  });

  it('every string with a pattern or format has an example that satisfies it', () => {
    const wrong = strings.flatMap(([at, schema]) => {
      const why = problem(schema);
      return why ? [`${at}: ${why}`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
