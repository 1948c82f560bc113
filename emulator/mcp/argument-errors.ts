// A tool call whose arguments fail the tool's input schema, in words an agent can act on: which
// argument, what was expected, and the limit it crossed (MCP 2025-11-25, SEP-1303: input
// validation is a tool execution error, so the model reads this text and corrects its call).
import type { ErrorObject } from 'ajv';

export interface ArgumentProblem {
  /** The argument (dotted path for nested values), or null when the problem is the whole object. */
  argument: string | null;
  /** What was wrong and what is expected, as one sentence without the tool name. */
  problem: string;
}

const count = (n: unknown) => (typeof n === 'number' ? n.toLocaleString('en-US') : String(n));

function described(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${count(value.length)}`;
  if (typeof value === 'string') return `a string of ${count([...value].length)} characters`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** The value at an Ajv instancePath ("/labels/3") inside the arguments. */
function valueAt(args: unknown, instancePath: string): unknown {
  let at: unknown = args;
  for (const part of instancePath.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined;
  }
  return at;
}

export function describeArgumentError(error: ErrorObject, args: unknown): ArgumentProblem {
  const path = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : null;
  const name = path ?? 'the arguments';
  const value = valueAt(args, error.instancePath);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { argument: String(p.missingProperty), problem: `'${String(p.missingProperty)}' is required and was not sent` };
    case 'additionalProperties':
      return { argument: String(p.additionalProperty), problem: `'${String(p.additionalProperty)}' is not an argument of this tool` };
    case 'type':
      return { argument: path, problem: `'${name}' must be ${String(p.type)}, not ${described(value)}` };
    case 'maxLength':
      return { argument: path, problem: `'${name}' is ${described(value)}; the limit is ${count(p.limit)} characters` };
    case 'minLength':
      return { argument: path, problem: `'${name}' must have at least ${count(p.limit)} character${p.limit === 1 ? '' : 's'}` };
    case 'maxItems':
      return { argument: path, problem: `'${name}' has ${count(Array.isArray(value) ? value.length : '?')} items; the limit is ${count(p.limit)}` };
    case 'minItems':
      return { argument: path, problem: `'${name}' needs at least ${count(p.limit)} items` };
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return { argument: path, problem: `'${name}' is ${JSON.stringify(value)}; it must be ${String(p.comparison)} ${count(p.limit)}` };
    case 'enum':
      return { argument: path, problem: `'${name}' is ${JSON.stringify(value)}; it must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'const':
      return { argument: path, problem: `'${name}' must be ${JSON.stringify(p.allowedValue)}` };
    case 'format':
      return { argument: path, problem: `'${name}' must be a ${String(p.format)}` };
    case 'pattern':
      return { argument: path, problem: `'${name}' must match ${String(p.pattern)}` };
    default:
      return { argument: path, problem: `'${name}' ${error.message ?? 'is not valid'}` };
  }
}
