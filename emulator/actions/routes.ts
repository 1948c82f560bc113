// GET/POST /api/v1/actions/{command}. GET runs read commands with query inputs; POST runs
// mutations with a JSON body and returns {ok, receipt, ...output}. The route does its own
// idempotency so that role and scope are re-checked before a saved receipt can replay.
import { CapabilitiesResponseSchema, COMMAND_INPUT_SCHEMAS, COMMANDS, TaskResultSchema } from '../../shared/contract';
import { ActionInputSchema } from '../../shared/contract';
import { ActionResultSchema } from '../../shared/contract';
import { API_PREFIX, HEADERS } from '../../shared/contract';
import { ok } from '../dispatch';
import { invalidRequest, notFound, permissionRequired } from '../errors';
import { findReceipt, idempotencyKeyOf, markReplayed, requestHash, saveReceipt } from '../idempotency';
import { recordingGrants } from '../replay-grants';
import { route } from '../route';
import type { RequestContext, Route } from '../types';
import { checkCommandAccess } from './access';
import { CATALOG, publishedCapability, type CommandSpec } from './catalog';
import { HANDLERS } from './handlers';
import { queryToInput, validateInput } from './validate-input';
import { commandForPublishedName, publishedCommandName, type Variant } from '../variants';

export const WEBMCP_STANDARD = 'webmcp-draft-2025-08';

function capabilities(variant: Variant) {
  const commands = [];
  for (const spec of CATALOG.values()) {
    const name = publishedCommandName(variant, spec.name);
    if (name !== null) commands.push({ ...publishedCapability(spec), name });
  }
  return {
    commands,
    webmcpStandard: WEBMCP_STANDARD,
    webmcpAgentConsumer: {
      supported: false,
      note: 'The local service publishes page-scoped WebMCP dispositions but hosts no browser page; agents use REST or MCP.',
    },
  };
}

function specOf(variant: Variant, published: string): CommandSpec {
  const name = commandForPublishedName(variant, published);
  const spec = name === null ? undefined : CATALOG.get(name);
  if (!spec) throw notFound(`The command '${published}'`, 'GET /api/v1/actions/list_capabilities lists every command.');
  return spec;
}

function validated(ctx: RequestContext, spec: CommandSpec, raw: unknown, from: 'body' | 'query'): Record<string, unknown> {
  const checked = validateInput(spec.name, spec.inputSchema, raw, from);
  if (!checked.ok) throw invalidRequest(checked.message, checked.hint);
  return checked.value;
}

function handlerOf(spec: CommandSpec) {
  const handler = HANDLERS[spec.name];
  if (!handler) throw notFound(`The command '${spec.name}'`, 'This command is listed but not implemented by the local service.');
  return handler;
}

function runReadCommand(ctx: RequestContext, published: string) {
  const who = ctx.who();
  const spec = specOf(ctx.svc.variant, published);
  if (spec.risk !== 'read') {
    throw permissionRequired(`${spec.name} changes things; GET runs only read commands.`, `POST it to ${API_PREFIX}/actions/${spec.name} with a JSON body.`);
  }
  checkCommandAccess(ctx.svc, who, spec);
  // The generic route declares no query (each command has its own inputs): read the query as sent;
  // validateInput checks it against the command's input schema.
  const input = validated(ctx, spec, queryToInput(ctx.rawQuery), 'query');
  if (spec.name === 'list_capabilities') return ok(capabilities(ctx.svc.variant));
  return ok(handlerOf(spec)({ svc: ctx.svc, who, input }));
}

const runRead: Route = {
  method: 'GET',
  path: `${API_PREFIX}/actions/:command`,
  summary: 'Run a read command; its input fields are query parameters', tag: 'actions', params: { command: 'Command name from list_capabilities' }, answer: { schema: ActionResultSchema }, errors: [409],
  auth: 'token',
  mutation: false,
  handler: (ctx) => runReadCommand(ctx, ctx.params.command ?? 'list_capabilities'),
};

const runMutation: Route = route({
  method: 'POST',
  path: `${API_PREFIX}/actions/:command`,
  summary: "Run a mutation command; the body follows the command's input schema", tag: 'actions', params: { command: 'Command name from list_capabilities' }, body: ActionInputSchema, answer: { schema: ActionResultSchema }, errors: [409],
  auth: 'token',
  mutation: false,
  handler(ctx) {
    const { svc } = ctx;
    const who = ctx.who();
    const spec = specOf(ctx.svc.variant, ctx.params.command ?? '');
    if (spec.risk === 'read') {
      throw invalidRequest(`${spec.name} is a read command; it is not run through POST.`, `Use GET ${API_PREFIX}/actions/${spec.name} with the inputs as query parameters.`);
    }
    checkCommandAccess(svc, who, spec);
    const body = ctx.body;
    const input = validated(ctx, spec, body, 'body');
    const key = idempotencyKeyOf(ctx.req.headers[HEADERS.idempotencyKey], body);
    const scope = `POST ${API_PREFIX}/actions/${spec.name}`;
    const hash = requestHash(body);
    const stored = key ? findReceipt(svc, who, scope, key, hash) : null;
    if (stored) return { status: stored.status, body: markReplayed(stored.body) };
    const handler = handlerOf(spec);
    return svc.transaction(() =>
      recordingGrants(who, () => {
        const output = handler({ svc, who, input });
        const answer = { ok: true, receipt: { actionId: svc.newId(), requestId: key ?? svc.newId(), replayed: false }, ...output };
        if (key) saveReceipt(svc, who, scope, key, hash, { status: 200, body: answer });
        return ok(answer);
      }),
    );
  },
});

/** The one read command every client starts from, declared on its own (served by the same handler). */
const listCapabilities: Route = {
  ...runRead,
  path: `${API_PREFIX}/actions/list_capabilities`,
  summary: 'The machine contract of every generic action command',
  params: {},
  answer: { schema: CapabilitiesResponseSchema },
  errors: [],
};

/** The read command the clients use to open one task, declared on its own so the document says what it answers. */
const getTask: Route = {
  ...runRead,
  path: `${API_PREFIX}/actions/${COMMANDS.getTask}`,
  summary: 'One task by its id or T-ref (the get_task read command)',
  params: {},
  query: COMMAND_INPUT_SCHEMAS[COMMANDS.getTask],
  answer: { schema: TaskResultSchema },
  errors: [404],
  handler: (ctx) => runReadCommand(ctx, COMMANDS.getTask),
};

export const actionRoutes: Route[] = [listCapabilities, getTask, runRead, runMutation];
