// Argument parsing for the subcommands: node's strict parseArgs plus the flags every command shares.
import { parseArgs as nodeParseArgs } from 'node:util';
import { usageError } from '../term/cli-error';

export interface FlagSpec {
  /** Flags that take a value. */
  strings?: readonly string[];
  /** Flags that may repeat (values collected in order); also listed in strings. */
  multiple?: readonly string[];
  booleans?: readonly string[];
}

export interface ParsedArgs {
  positionals: string[];
  values: Record<string, string | undefined>;
  lists: Record<string, string[]>;
  flags: Record<string, boolean>;
  /** The flags every command accepts. */
  json: boolean;
  help: boolean;
  url?: string;
  profile?: string;
}

const COMMON_STRINGS = ['url', 'profile'];
const COMMON_BOOLEANS = ['json', 'help'];

export function parseArgs(command: string, argv: readonly string[], spec: FlagSpec = {}): ParsedArgs {
  const multiple = new Set(spec.multiple ?? []);
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {};
  for (const name of [...COMMON_STRINGS, ...(spec.strings ?? [])]) options[name] = { type: 'string', multiple: multiple.has(name) };
  for (const name of [...COMMON_BOOLEANS, ...(spec.booleans ?? [])]) options[name] = { type: 'boolean' };
  options.help = { type: 'boolean', short: 'h' };

  let parsed: ReturnType<typeof nodeParseArgs>;
  try {
    parsed = nodeParseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    throw usageError(`${command}: ${text.replace(/\. To specify a positional argument.*$/s, '')}`, `See 'wsc ${command} --help'.`);
  }

  const values: Record<string, string | undefined> = {};
  const lists: Record<string, string[]> = {};
  const flags: Record<string, boolean> = {};
  for (const [name, value] of Object.entries(parsed.values)) {
    if (Array.isArray(value)) lists[name] = value.map(String);
    else if (typeof value === 'string') values[name] = value;
    else if (typeof value === 'boolean') flags[name] = value;
  }
  return {
    positionals: parsed.positionals,
    values,
    lists,
    flags,
    json: flags.json === true,
    help: flags.help === true,
    url: values.url,
    profile: values.profile,
  };
}

/** A positional that must be there. */
export function required(args: ParsedArgs, index: number, what: string, command: string): string {
  const value = args.positionals[index];
  if (value === undefined || value === '') throw usageError(`${command}: missing ${what}.`, `See 'wsc ${command} --help'.`);
  return value;
}

export function noExtraPositionals(args: ParsedArgs, count: number, command: string): void {
  if (args.positionals.length > count) {
    throw usageError(`${command}: unexpected argument '${args.positionals[count]}'.`, `See 'wsc ${command} --help'.`);
  }
}

export function integerFlag(args: ParsedArgs, name: string, command: string, range: { min: number; max?: number }): number | undefined {
  const raw = args.values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < range.min || (range.max !== undefined && n > range.max)) {
    const bound = range.max !== undefined ? `from ${range.min} to ${range.max}` : `of at least ${range.min}`;
    throw usageError(`${command}: --${name} needs a whole number ${bound}, not '${raw}'.`, `e.g. --${name} ${range.min}`);
  }
  return n;
}
