// Compares what the client relies on (relied-on.ts; the fields are those the tolerant answer schemas
// of shared/validate still require, derived from shared/contract) with a service's own OpenAPI
// document and list_capabilities. Pure: the documents come in, findings go out.
import { tolerantSchemas } from '../validate/tolerant-schemas';
import { RELIED_ON_COMMANDS, RELIED_ON_ENDPOINTS, type ReliedOnCommand } from './relied-on';
import { resolveCommandName, type CommandResolution } from './command-names';

export interface CompatFinding {
  ok: boolean;
  /** `GET /api/v1/docs/{id}` or `command get_task`. */
  subject: string;
  /** What matched, or what differs and what will not work. */
  detail: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Follows `$ref` (local only) and merges `allOf`, so properties and required lists can be read. */
function resolve(doc: Obj, schema: unknown, depth = 0): Obj | undefined {
  if (!isObj(schema) || depth > 20) return undefined;
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, part) => (isObj(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
    return resolve(doc, target, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    const merged: Obj = { type: 'object', properties: {} as Obj };
    for (const part of schema.allOf) {
      const r = resolve(doc, part, depth + 1);
      if (r && isObj(r.properties)) Object.assign(merged.properties as Obj, r.properties);
    }
    return merged;
  }
  return schema;
}

function typesOf(schema: Obj): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  return undefined;
}

/** Fields the client requires that the service's schema lacks (or types differently), as messages. */
function differences(doc: Obj, mine: Obj, theirs: Obj | undefined, at: string): string[] {
  if (!theirs) return [];
  const out: string[] = [];
  const mineTypes = typesOf(mine);
  const theirTypes = typesOf(theirs);
  if (mineTypes && theirTypes && !theirTypes.some((t) => mineTypes.includes(t) || (t === 'integer' && mineTypes.includes('number')))) {
    out.push(`"${at || '(answer)'}" is ${theirTypes.join(' or ')} there; the client needs ${mineTypes.join(' or ')}`);
    return out;
  }
  if (mineTypes?.includes('array') && isObj(mine.items)) {
    return differences(doc, mine.items, resolve(doc, theirs.items), `${at}[]`);
  }
  const theirProps = isObj(theirs.properties) ? theirs.properties : undefined;
  if (!theirProps) return out; // a free-form object: nothing to compare
  const mineProps = isObj(mine.properties) ? mine.properties : {};
  const required = Array.isArray(mine.required) ? mine.required.filter((r): r is string => typeof r === 'string') : [];
  for (const name of required) {
    const path = at ? `${at}.${name}` : name;
    if (!(name in theirProps)) {
      out.push(`no field "${path}"`);
      continue;
    }
    const mineChild = mineProps[name];
    if (isObj(mineChild)) out.push(...differences(doc, mineChild, resolve(doc, theirProps[name]), path));
  }
  return out;
}

function answerSchema(doc: Obj, operation: Obj): Obj | undefined {
  const responses = isObj(operation.responses) ? operation.responses : {};
  for (const status of ['200', '201', '2XX', 'default']) {
    const response = resolve(doc, responses[status]);
    const content = response && isObj(response.content) ? response.content : undefined;
    const json = content ? Object.entries(content).find(([type]) => /json/i.test(type))?.[1] : undefined;
    if (isObj(json) && json.schema !== undefined) return resolve(doc, json.schema);
  }
  return undefined;
}

export function compareWithService(openapi: unknown, commandNames: readonly string[] | null): CompatFinding[] {
  const findings: CompatFinding[] = [];
  const doc = isObj(openapi) ? openapi : {};
  const paths = isObj(doc.paths) ? doc.paths : {};
  for (const endpoint of RELIED_ON_ENDPOINTS) {
    const subject = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
    const item = paths[endpoint.path];
    const operation = isObj(item) ? item[endpoint.method] : undefined;
    if (!isObj(operation)) {
      findings.push({ ok: false, subject, detail: `not in the service's OpenAPI document: ${endpoint.breaks} may not work` });
      continue;
    }
    const theirs = answerSchema(doc, operation);
    if (!theirs) {
      findings.push({ ok: true, subject, detail: 'offered (its answer has no published schema to compare)' });
      continue;
    }
    const diffs = differences(doc, tolerantSchemas()[endpoint.schema], theirs, '');
    findings.push(
      diffs.length === 0
        ? { ok: true, subject, detail: 'every field the client needs is there' }
        : { ok: false, subject, detail: `${diffs.join('; ')}: ${endpoint.breaks} will not work` },
    );
  }
  for (const command of RELIED_ON_COMMANDS) {
    const subject = `command ${command.name}`;
    if (commandNames === null) findings.push({ ok: false, subject, detail: `list_capabilities could not be read: ${command.breaks} may not work` });
    else findings.push(commandFinding(subject, command, resolveCommandName(command.name, commandNames)));
  }
  return findings;
}

function commandFinding(subject: string, command: ReliedOnCommand, resolution: CommandResolution): CompatFinding {
  switch (resolution.kind) {
    case 'same':
      return { ok: true, subject, detail: 'offered' };
    case 'renamed':
      return { ok: true, subject, detail: `offered as "${resolution.name}" (wsc calls it by that name)` };
    case 'ambiguous':
      return { ok: false, subject, detail: `several commands could be it (${resolution.names.join(', ')}), so wsc will not guess: ${command.breaks} will not work` };
    case 'absent':
      return { ok: false, subject, detail: `not offered by list_capabilities: ${command.breaks} will not work` };
  }
}
