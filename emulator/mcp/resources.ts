// MCP resources: workspace context an agent attaches the way an editor attaches a file. Each read
// is a REST route run in-process (callRoute), so what a caller may read is exactly what REST lets
// them read: a guest's docs read is refused, a hidden room's task or run is not found.
//   wsc://doc/{doc_id}             a doc's Markdown body
//   wsc://task/{task}              a task (id or T-ref) with all its fields, as JSON
//   wsc://run/{run_id}/timeline    an agent run's events, as JSON
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ListResourcesResult, ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import { LIMITS, PATHS } from '../../shared/contract';
import { channelHasGuest } from '../access';
import { permissionRequired, toApiError } from '../errors';
import { findRun } from '../store/runs';
import { callRoute, type RouteCall, type RouteCaller } from './call-route';
import { routeErrorAsMcp } from './route-errors';

export const RESOURCE_URIS = {
  doc: (id: string) => `wsc://doc/${encodeURIComponent(id)}`,
  task: (ref: string) => `wsc://task/${encodeURIComponent(ref)}`,
  runTimeline: (id: string) => `wsc://run/${encodeURIComponent(id)}/timeline`,
};

/** How many events of a run one read holds (the rest: read_run_events with `after`). */
const TIMELINE_EVENTS = 500;

async function routeBody<T>(caller: RouteCaller, call: RouteCall): Promise<T> {
  return (await callRoute(caller, call)).body as T;
}

/** A template variable as the caller meant it (URIs carry it percent-encoded). */
function variable(value: string | string[] | undefined): string {
  const raw = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Resources of one kind for resources/list; a kind this caller may not list at all adds none. */
async function listed(caller: RouteCaller, what: string, list: () => Promise<Resource[]>): Promise<ListResourcesResult> {
  try {
    return { resources: await list() };
  } catch (error) {
    if (toApiError(error).code === 'permission_required') return { resources: [] };
    throw routeErrorAsMcp(error, `resources/list (${what})`);
  }
}

async function read(what: string, uri: URL, produce: () => Promise<ReadResourceResult>): Promise<ReadResourceResult> {
  try {
    return await produce();
  } catch (error) {
    throw routeErrorAsMcp(error, `resources/read ${uri.href.slice(0, 200)} (${what})`);
  }
}

interface EventsPage {
  events: unknown[];
  nextAfter: number;
  hasMore: boolean;
}

/** The run's events from the start, page by page, up to TIMELINE_EVENTS (a page may be answered empty once; a second stall ends it). */
async function readTimeline(caller: RouteCaller, runId: string): Promise<EventsPage> {
  const events: unknown[] = [];
  let after = 0;
  let hasMore = true;
  let stalls = 0;
  while (hasMore && events.length < TIMELINE_EVENTS) {
    const limit = Math.min(LIMITS.runEventsMax, TIMELINE_EVENTS - events.length);
    const page = await routeBody<EventsPage>(caller, { method: 'GET', path: PATHS.runEvents(runId), query: { after, limit } });
    events.push(...page.events);
    hasMore = page.hasMore;
    if (page.nextAfter > after) after = page.nextAfter;
    else if (++stalls > 1) break;
  }
  return { events, nextAfter: after, hasMore };
}

interface DocRow {
  id: string;
  title: string;
  is_folder: boolean;
  updated_at: string;
}
interface TaskRow {
  id: string;
  ref: string;
  title: string;
  status: string;
}

export function registerWorkspaceResources(server: McpServer, caller: RouteCaller): void {
  server.registerResource(
    'doc',
    new ResourceTemplate('wsc://doc/{doc_id}', {
      list: () =>
        listed(caller, 'docs', async () => {
          const { docs } = await routeBody<{ docs: DocRow[] }>(caller, { method: 'GET', path: PATHS.docs() });
          return docs
            .filter((d) => !d.is_folder)
            .map((d) => ({ uri: RESOURCE_URIS.doc(d.id), name: d.title || d.id, title: d.title, mimeType: 'text/markdown', annotations: { lastModified: d.updated_at } }));
        }),
    }),
    { title: 'Workspace doc', description: "A workspace doc's Markdown body (list_docs finds ids; write it back with write_doc).", mimeType: 'text/markdown' },
    (uri, vars) =>
      read('doc', uri, async () => {
        const doc = await routeBody<{ id: string; title: string; body: string; updated_at: string }>(caller, { method: 'GET', path: PATHS.doc(variable(vars.doc_id)) });
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: doc.body, _meta: { title: doc.title, updated_at: doc.updated_at } }] };
      }),
  );

  server.registerResource(
    'task',
    new ResourceTemplate('wsc://task/{task}', {
      list: () =>
        listed(caller, 'tasks', async () => {
          const { tasks } = await routeBody<{ tasks: TaskRow[] }>(caller, { method: 'GET', path: PATHS.tasks() });
          return tasks.map((t) => ({ uri: RESOURCE_URIS.task(t.ref), name: `${t.ref} ${t.title}`, title: `${t.ref}: ${t.title} (${t.status})`, mimeType: 'application/json' }));
        }),
    }),
    { title: 'Workspace task', description: 'A task by id or T-ref (e.g. wsc://task/T-12) with all its fields, as JSON.', mimeType: 'application/json' },
    (uri, vars) =>
      read('task', uri, async () => {
        const answer = await routeBody<unknown>(caller, { method: 'GET', path: PATHS.action('get_task'), query: { taskId: variable(vars.task) } });
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(answer, null, 2) }] };
      }),
  );

  server.registerResource(
    'run-timeline',
    new ResourceTemplate('wsc://run/{run_id}/timeline', { list: undefined }),
    {
      title: 'Agent run timeline',
      description: `An agent run's events in order (tool calls, messages, child runs), up to ${TIMELINE_EVENTS}; read_run_events pages further.`,
      mimeType: 'application/json',
    },
    (uri, vars) =>
      read('run timeline', uri, async () => {
        const runId = variable(vars.run_id);
        if (caller.auth.memberKind === 'agent') {
          const run = findRun(caller.svc, runId);
          // The rule of the read_run_events tool: no named-agent replay while the room has a guest.
          if (run && channelHasGuest(caller.svc, run.channel_id)) {
            throw permissionRequired("A named agent cannot read run events while the run's room contains a guest.", 'Ask a member of the room to read the run, or read it with a personal token.');
          }
        }
        const timeline = await readTimeline(caller, runId);
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ run_id: runId, ...timeline }, null, 2) }] };
      }),
  );
}
