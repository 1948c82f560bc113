// The bundles check answers with validators Ajv compiled ahead of time (scripts/precompiled-validators.mjs,
// one module per answer, put in place of shared/validate/validators.ts by esbuild.mjs); tests from
// source use the ones Ajv compiles at run time. Both must accept, reject and fill defaults alike,
// for every schema.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerName } from '../../../shared/validate/answers';
import type { DisplayTree } from '../../../shared/validate/display-fields';
import { tolerantSchemas } from '../../../shared/validate/tolerant-schemas';
import { answerCheckFor } from '../../../shared/validate/validators';

type Schema = Record<string, unknown>;
interface Check {
  validate: ValidateFunction;
  displayTree: DisplayTree;
}
let precompiled: (name: AnswerName) => Promise<Check>;
let dir = '';

beforeAll(async () => {
  const { precompiledValidatorModules, ANSWER_MODULE_PREFIX } = (await import(pathToFileURL(join(__dirname, '..', '..', '..', 'scripts', 'precompiled-validators.mjs')).href)) as {
    precompiledValidatorModules(root: string): Promise<{ index: string; answers: Record<string, string> }>;
    ANSWER_MODULE_PREFIX: string;
  };
  dir = mkdtempSync(join(tmpdir(), 'wsc-validators-'));
  const { index, answers } = await precompiledValidatorModules(join(__dirname, '..', '..', '..'));
  // Each answer's module as a file beside the index, which imports it by a relative path here.
  for (const [name, source] of Object.entries(answers)) writeFileSync(join(dir, `${name}.mjs`), source);
  const file = join(dir, 'validators.mjs');
  writeFileSync(file, index.replaceAll(`"${ANSWER_MODULE_PREFIX}`, '"./').replace(/"\.\/(\w+)"/g, '"./$1.mjs"'));
  const module = (await import(pathToFileURL(file).href)) as { answerCheckFor: typeof precompiled };
  precompiled = module.answerCheckFor;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A value of the schema's shape: every property (all: true) or only the required ones. */
function sample(schema: Schema, all: boolean, depth = 0): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || (type === undefined && schema.properties)) {
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required ?? []) as string[]);
    return Object.fromEntries(Object.entries(props).filter(([k]) => all || required.has(k)).map(([k, v]) => [k, sample(v, all, depth + 1)]));
  }
  if (type === 'array') return depth > 6 ? [] : [sample((schema.items ?? {}) as Schema, all, depth + 1), sample((schema.items ?? {}) as Schema, !all, depth + 1)];
  if (type === 'string') return 's';
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  return 's';
}

/** Outcome of one validator on a copy of `value`: accepted, the first error's place, and the value with defaults filled. */
function outcome(validate: ValidateFunction, value: unknown): unknown {
  const data: unknown = structuredClone(value);
  const ok = validate(data);
  const first = validate.errors?.[0];
  return { ok, error: ok ? null : { path: first?.instancePath, keyword: first?.keyword }, data };
}

describe('precompiled response validators', () => {
  const schemas = tolerantSchemas();
  const names = Object.keys(schemas) as AnswerName[];
  it('exist for every response schema, each in its own module, with the same display fields', async () => {
    for (const name of names) {
      const { validate, displayTree } = await precompiled(name);
      expect(typeof validate, name).toBe('function');
      expect(displayTree, name).toEqual((await answerCheckFor(name)).displayTree);
    }
  });

  it('imports each answer once: every page of a long history asks for its check', async () => {
    expect(precompiled('MessagesPage')).toBe(precompiled('MessagesPage'));
    expect(await precompiled('MessagesPage')).toBe(await precompiled('Thread').then(() => precompiled('MessagesPage')));
  });

  it.each(names)('%s: same verdicts, errors and defaults as Ajv at run time', async (name) => {
    const ahead = (await precompiled(name)).validate;
    const runtime = (await answerCheckFor(name)).validate;
    const schema = schemas[name] as Schema;
    const full = sample(schema, true);
    const minimal = sample(schema, false);
    const probes: unknown[] = [null, [], 'x', 1, {}, full, minimal];
    // Each property of the full sample set to a wrong type, one at a time.
    if (full && typeof full === 'object' && !Array.isArray(full)) {
      for (const key of Object.keys(full)) {
        probes.push({ ...full, [key]: 12345 }, { ...full, [key]: null }, { ...full, [key]: [{}] });
      }
    }
    for (const probe of probes) {
      expect(outcome(ahead, probe), `${name} ${JSON.stringify(probe).slice(0, 200)}`).toEqual(outcome(runtime, probe));
    }
  });
});
