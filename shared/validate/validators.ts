// The compiled check of each answer schema, and where its display fields are. From source (tests,
// tsc) Ajv compiles a tolerant schema the first time it is used. The bundles (esbuild.mjs) replace
// this file with the same validators compiled ahead of time by Ajv's standalone code generator
// (scripts/precompiled-validators.mjs): compiling at run time cost a one-shot `wsc` command ~40 ms
// and loading Ajv's compiler ~300 KiB.
import { Ajv, type ValidateFunction } from 'ajv';
import { AJV_OPTIONS } from './ajv-options';
import type { Answer, AnswerName } from './answers';
import { displayTreeOf, type DisplayTree } from './display-fields';
import { tolerantSchemas } from './tolerant-schemas';

let ajv: Ajv | undefined;
const compiled = new Map<AnswerName, ValidateFunction>();
const trees = new Map<AnswerName, DisplayTree>();

export function validatorFor<N extends AnswerName>(name: N): ValidateFunction<Answer<N>> {
  // The one place a name meets its type: the map holds the validator compiled from that name's schema.
  const known = compiled.get(name) as ValidateFunction<Answer<N>> | undefined;
  if (known) return known;
  ajv ??= new Ajv(AJV_OPTIONS);
  const validate = ajv.compile<Answer<N>>(tolerantSchemas()[name]);
  compiled.set(name, validate);
  return validate;
}

export function displayTreeFor(name: AnswerName): DisplayTree {
  let tree = trees.get(name);
  if (!tree) {
    tree = displayTreeOf(tolerantSchemas()[name]);
    trees.set(name, tree);
  }
  return tree;
}
