// The compiled check of each answer schema, and where its display fields are, loaded the first time
// that answer is checked. From source (tests, tsc) Ajv compiles a tolerant schema the first time it
// is used. The bundles (esbuild.mjs) replace this file with the same validators compiled ahead of
// time by Ajv's standalone code generator (scripts/precompiled-validators.mjs), one module per
// answer imported on first use: compiling at run time cost a one-shot `wsc` command ~40 ms and
// loading Ajv's compiler ~300 KiB, and parsing every answer's code where one is read cost more.
import { Ajv, type ValidateFunction } from 'ajv';
import { AJV_OPTIONS } from './ajv-options';
import type { Answer, AnswerName } from './answers';
import { displayTreeOf, type DisplayTree } from './display-fields';
import { tolerantSchemas } from './tolerant-schemas';

/** What checking one answer needs: its compiled schema and where its display fields are. */
export interface AnswerCheck<N extends AnswerName> {
  validate: ValidateFunction<Answer<N>>;
  displayTree: DisplayTree;
}

let ajv: Ajv | undefined;
const compiled = new Map<AnswerName, AnswerCheck<AnswerName>>();

export function answerCheckFor<N extends AnswerName>(name: N): Promise<AnswerCheck<N>> {
  // The one place a name meets its type: the map holds the check compiled from that name's schema.
  let check = compiled.get(name) as AnswerCheck<N> | undefined;
  if (!check) {
    ajv ??= new Ajv(AJV_OPTIONS);
    const schema = tolerantSchemas()[name];
    check = { validate: ajv.compile<Answer<N>>(schema), displayTree: displayTreeOf(schema) };
    compiled.set(name, check as unknown as AnswerCheck<AnswerName>);
  }
  return Promise.resolve(check);
}
