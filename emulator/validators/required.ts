// Every validator a route table needs, so all are ready when the routes are registered (and the
// bundles generate exactly these): each route's query and body, the branches of the kind-tagged
// unions inside them (a refusal is explained through the branch of the kind sent), and each generic
// command's input in the one way it is run (read commands from the query, the others from a body).
import { CONTRACT_SCHEMAS } from '../../shared/contract';
import type { CommandSpec } from '../actions/catalog';
import type { Route } from '../types';
import { isKindUnion } from './kind-union';
import type { ValidatorMode, ValidatorSpec } from './modes';

/** The branches of every kind-tagged union in the schema, following `$ref`s to the contract's schemas. */
function unionBranches(schema: unknown): object[] {
  const out: object[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(walk);
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string') walk(CONTRACT_SCHEMAS[record.$ref]);
    if (isKindUnion(record.anyOf)) out.push(...record.anyOf);
    for (const [key, value] of Object.entries(record)) if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') walk(value);
  };
  walk(schema);
  return out;
}

export function requiredValidators(routes: readonly Route[], commands: Iterable<CommandSpec>): ValidatorSpec[] {
  const specs: ValidatorSpec[] = [];
  const add = (schema: object, mode: ValidatorMode): void => {
    specs.push({ schema, mode });
    for (const branch of unionBranches(schema)) specs.push({ schema: branch, mode });
  };
  for (const route of routes) {
    if (route.query) add(route.query, 'query');
    if (route.body) add(route.body, 'body');
  }
  for (const command of commands) add(command.inputSchema, command.risk === 'read' ? 'input-query' : 'input-body');
  return specs;
}
