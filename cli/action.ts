// `wsc action <command> [json]` and `wsc action list`: generic actions through list_capabilities.
import { confirmPhraseOf, type Capability, type JsonSchema } from '../shared/index';
import { noExtraPositionals, parseArgs, required } from './args';
import { CliError, usageError } from '../term/cli-error';
import { withClient } from '../term/connect';
import { createOutput, padSafe, safe, safeJson, term } from './output';
import { readAllStdin } from './stdin';

/** The catalogue's own name: `GET /api/v1/actions/list_capabilities`. */
const LIST_CAPABILITIES = 'list_capabilities';

export async function runAction(argv: string[]): Promise<number> {
  const args = parseArgs('action', argv, { strings: ['idempotency-key'] });
  const command = required(args, 0, "the command name (or 'list')", 'action');
  noExtraPositionals(args, 2, 'action');
  const out = createOutput();
  if (command === 'list') {
    noExtraPositionals(args, 1, 'action list');
    return withClient(args, async ({ client }) => {
      const caps = await client.capabilities();
      if (args.json) {
        out.json(caps);
        return 0;
      }
      const width = Math.min(30, Math.max(...caps.commands.map((c) => c.name.length)));
      for (const c of caps.commands) {
        const phrase = confirmPhraseOf(c);
        const confirm = phrase ? out.dim(term` (confirm: "${safe(phrase)}")`) : '';
        out.line(term`${padSafe(safe(c.name), width)} ${padSafe(safe(c.risk), 11)} ${safe(c.description)}${confirm}`);
      }
      return 0;
    });
  }

  if (args.help) return printCommandHelp(args, command);
  const input = await parseInput(args.positionals[1]);
  return withClient(args, async ({ client }) => {
    const caps = await client.capabilities();
    // A fixed endpoint of the spec, reachable whether or not the catalogue lists itself.
    if (command === LIST_CAPABILITIES) {
      if (args.json) out.json(caps);
      else out.line(safeJson(caps, 2));
      return 0;
    }
    const capability: Capability | undefined = caps.commands.find((c) => c.name === command);
    if (capability === undefined) {
      throw new CliError('not_found', `There is no action command '${command}'.`, "Run 'wsc action list' to see every command.");
    }
    if (capability.risk === 'read') {
      const result = await client.readAction<Record<string, unknown>>(command, input);
      if (args.json) out.json(result);
      else out.line(safeJson(result, 2));
      return 0;
    }
    const key = args.values['idempotency-key'];
    const result = await client.runAction(command, input, key ? { idempotencyKey: key } : undefined);
    if (args.json) {
      out.json(result);
      return 0;
    }
    const { ok: _ok, receipt, ...rest } = result;
    out.line(term`ok · action ${safe(receipt.actionId)} · request ${safe(receipt.requestId)}${receipt.replayed ? term` · replayed (the effect was not repeated)` : ''}`);
    if (Object.keys(rest).length > 0) out.line(safeJson(rest, 2));
    return 0;
  });
}

const typeOf = (s: JsonSchema): string => (s.enum ? s.enum.map((v) => JSON.stringify(v)).join('|') : Array.isArray(s.type) ? s.type.join('|') : (s.type ?? 'any'));

/** `wsc action <command> --help`: its description, risk, inputs (from its input schema) and an example. */
async function printCommandHelp(args: ReturnType<typeof parseArgs>, command: string): Promise<number> {
  const out = createOutput();
  return withClient(args, async ({ client }) => {
    const capability = (await client.capabilities()).commands.find((c) => c.name === command);
    if (capability === undefined) throw new CliError('not_found', `There is no action command '${command}'.`, "Run 'wsc action list' to see every command.");
    if (args.json) {
      out.json(capability);
      return 0;
    }
    const properties = Object.entries(capability.inputSchema.properties ?? {});
    const required = new Set(capability.inputSchema.required ?? []);
    const example = Object.fromEntries(properties.filter(([name]) => required.has(name)).map(([name, s]) => [name, s.enum?.[0] ?? (s.type === 'string' ? '…' : s.type === 'boolean' ? true : s.type === 'integer' || s.type === 'number' ? 0 : null)]));
    out.line(term`usage: wsc action ${safe(command)} [JSON|-] [--idempotency-key KEY] [--json]`);
    out.line(term`  ${safe(capability.description)} (${safe(capability.risk)}${capability.risk === 'read' ? term`, sent as GET` : term`, sent as POST with a receipt`})`);
    out.line(properties.length > 0 ? term`  inputs:` : term`  inputs: none`);
    const width = Math.min(24, Math.max(...properties.map(([name]) => name.length)));
    for (const [name, s] of properties) {
      out.line(term`    ${padSafe(safe(name), width)}  ${safe(typeOf(s))}${required.has(name) ? term` (required)` : ''}${s.description ? term`  ${safe(s.description)}` : ''}`);
    }
    const phrase = confirmPhraseOf(capability);
    if (phrase) out.line(term`  confirm: pass "confirm": "${safe(phrase)}" exactly`);
    out.line(term`  example: wsc action ${safe(command)} '${safeJson(phrase ? { ...example, confirm: phrase } : example)}'`);
    return 0;
  });
}

async function parseInput(raw: string | undefined): Promise<Record<string, unknown>> {
  if (raw === undefined) return {};
  const text = raw === '-' ? await readAllStdin() : raw;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw usageError(`action: the input is not valid JSON (${error instanceof Error ? error.message : 'parse error'}).`, `Give one JSON object, e.g. '{"channelId":"..."}'.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw usageError('action: the input must be a JSON object.', `e.g. '{"channelId":"..."}'.`);
  }
  return value as Record<string, unknown>;
}
