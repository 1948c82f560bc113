// MCP prompts: ready-made requests an agent's user picks from a menu, filled with workspace
// context read through the REST routes in-process (callRoute), so a prompt shows only what the
// caller may read over REST.
//   catch_up_on_channel {channel}   the channel's recent messages, with a request to summarise
//   triage_my_tasks                 the caller's open tasks, with a request to order and flag them
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod/v4';
import { OPEN_TASK_STATUSES, PATHS, TASK_PRIORITY_NAMES, type Channel, type Message, type TaskPriority, type TaskRow } from '../../shared/contract';
import { callRoute, type RouteCall, type RouteCaller } from './call-route';
import { jsonRpcError, routeErrorAsMcp } from './route-errors';

/** Messages a catch-up holds (the newest top-level ones). */
const CATCH_UP_MESSAGES = 50;
const TRIAGE_TASKS = 100;

async function routeBody<T>(caller: RouteCaller, call: RouteCall): Promise<T> {
  return (await callRoute(caller, call)).body as T;
}

async function prompt(what: string, build: () => Promise<GetPromptResult>): Promise<GetPromptResult> {
  try {
    return await build();
  } catch (error) {
    throw routeErrorAsMcp(error, `prompts/get ${what}`);
  }
}

const user = (text: string) => ({ role: 'user' as const, content: { type: 'text' as const, text } });

/** A channel the caller can read, by id, name or #name. */
async function findChannel(caller: RouteCaller, wanted: string): Promise<Channel> {
  const { channels } = await routeBody<{ channels: Channel[] }>(caller, { method: 'GET', path: PATHS.channels() });
  const name = wanted.trim().replace(/^#/, '').toLowerCase();
  const found = channels.find((c) => c.id === wanted.trim()) ?? channels.find((c) => c.name.toLowerCase() === name);
  if (!found) {
    const hint = 'Pass a channel name (e.g. general) or id; list_channels lists the channels you can read.';
    throw jsonRpcError(-32602, `No channel you can read is called '${wanted.slice(0, 100)}'. ${hint}`, { code: 'not_found', hint });
  }
  return found;
}

function transcriptLine(m: Message): string {
  const replies = m.reply_count > 0 ? ` [${m.reply_count} ${m.reply_count === 1 ? 'reply' : 'replies'}: read_thread ${m.id}]` : '';
  return `${m.created_at} ${m.author.name} (@${m.author.handle}): ${m.body}${replies}`;
}

function taskLine(t: TaskRow): string {
  const priority = TASK_PRIORITY_NAMES[t.priority as TaskPriority] ?? String(t.priority);
  const pr = t.pr_url ? ` · PR ${t.pr_url}` : '';
  return `${t.ref} [${t.status}, priority ${priority}] ${t.title} (updated ${t.updated_at})${pr}`;
}

export function registerWorkspacePrompts(server: McpServer, caller: RouteCaller): void {
  server.registerPrompt(
    'catch_up_on_channel',
    {
      title: 'Catch me up on a channel',
      description: `Summarises the newest ${CATCH_UP_MESSAGES} messages of a channel you can read: decisions, open questions and what needs you.`,
      argsSchema: { channel: z.string().min(1).describe('Channel name (e.g. general or #general) or id.') },
    },
    ({ channel }) =>
      prompt('catch_up_on_channel', async () => {
        const found = await findChannel(caller, channel);
        const page = await routeBody<{ messages: Message[]; hasMore: boolean }>(caller, { method: 'GET', path: PATHS.channelMessages(found.id), query: { limit: CATCH_UP_MESSAGES } });
        const transcript = page.messages.length > 0 ? page.messages.map(transcriptLine).join('\n') : '(no messages yet)';
        return {
          description: `Catch up on #${found.name}`,
          messages: [
            user(
              `Catch me (@${caller.auth.handle}) up on #${found.name}. From the messages below, summarise what was decided, what is still open, ` +
                'and anything that asks for me or needs my answer; say who said what. Read a thread with read_thread when its replies matter.' +
                (page.hasMore ? ' Older messages exist: read_channel with before pages back.' : ''),
            ),
            user(`Messages of #${found.name} (oldest first):\n${transcript}`),
          ],
        };
      }),
  );

  server.registerPrompt(
    'triage_my_tasks',
    {
      title: 'Triage my tasks',
      description: 'Orders the open tasks assigned to you by what to do next and flags stale or blocked ones.',
    },
    () =>
      prompt('triage_my_tasks', async () => {
        const { tasks } = await routeBody<{ tasks: TaskRow[] }>(caller, { method: 'GET', path: PATHS.tasks(), query: { assignee: 'me', limit: TRIAGE_TASKS } });
        const open = tasks.filter((t) => OPEN_TASK_STATUSES.includes(t.status));
        const list = open.length > 0 ? open.map(taskLine).join('\n') : '(no open tasks are assigned to you)';
        return {
          description: 'Triage my open tasks',
          messages: [
            user(
              `Triage the open tasks assigned to me (@${caller.auth.handle}). Put them in the order I should work on them, with one line each on why; ` +
                'flag any that look stale, blocked or already finished, and suggest the status or priority change for each (update_task makes it once I agree). ' +
                'Read a task in full with get_task when its title is not enough.',
            ),
            user(`My open tasks:\n${list}`),
          ],
        };
      }),
  );
}
