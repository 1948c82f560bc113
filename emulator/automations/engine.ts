// The automation engine: turns bus events (and inbound webhooks) into runs of an automation's
// actions. Each firing runs its actions in one transaction and records a run (ok, or error with
// the reason and nothing half-done). Messages an automation posts carry `viaAutomation` and never
// trigger message automations, so an automation cannot re-trigger itself (or another) endlessly.
import type { AutomationAction, TriggerKind } from '../../shared/contract';
import { getChannel } from '../access';
import { addReaction } from '../actions/commands/messages';
import { postMessage } from '../store/messages';
import type { Services } from '../types';
import { hasAttachment } from './attachment';
import { stepSchedule } from './schedule';
import { actionsOf, enabledWithTrigger, recordRun, triggerOf, type AutomationRow } from './store';
import { renderTemplate, type TemplateContext } from './template';

export interface Firing {
  kind: TriggerKind;
  context: Omit<TemplateContext, 'channel'>;
  /** The message add_reaction reacts to; otherwise the channel's newest top-level message. */
  messageId: string | null;
}

const VIA = 'automation';

function newestTopLevel(svc: Services, channelId: string): string | null {
  const row = svc.db.prepare('SELECT id FROM messages WHERE channel_id = ? AND parent_id IS NULL ORDER BY created_at DESC LIMIT 1').get(channelId) as { id: string } | undefined;
  return row?.id ?? null;
}

function runAction(svc: Services, automation: AutomationRow, action: AutomationAction, context: TemplateContext, firing: Firing): string {
  switch (action.kind) {
    case 'post_message': {
      const { message } = postMessage(svc, {
        channelId: automation.channel_id,
        authorId: automation.author_id,
        authorKind: 'person',
        body: renderTemplate(action.options.text, context),
        via: VIA,
        viaAutomation: automation.id,
      });
      return `posted message ${message.id}`;
    }
    case 'add_reaction': {
      const target = firing.messageId ?? newestTopLevel(svc, automation.channel_id);
      if (!target) throw new Error('there is no message in the channel to react to');
      addReaction(svc, target, automation.author_id, action.options.emoji);
      return `reacted ${action.options.emoji} to message ${target}`;
    }
    case 'ask_agent':
      return askAgent(svc, automation, action.options.agentId, renderTemplate(action.options.prompt, context));
  }
}

/** Files a task and posts a proposal; the agent runs only after a person approves (approve_dispatch). */
function askAgent(svc: Services, automation: AutomationRow, agentId: string, prompt: string): string {
  const agent = svc.db.prepare('SELECT id, handle FROM agents WHERE id = ?').get(agentId) as { id: string; handle: string } | undefined;
  if (!agent) throw new Error(`agent ${agentId} does not exist`);
  const number = ((svc.db.prepare('SELECT MAX(number) AS n FROM tasks').get() as { n: number | null }).n ?? 0) + 1;
  const taskId = svc.newId();
  const now = svc.nextTimestamp();
  const title = (prompt.split('\n')[0] ?? prompt).slice(0, 120) || `Request from ${automation.name}`;
  svc.db
    .prepare(
      `INSERT INTO tasks (id, number, title, description, kind, status, priority, epic_id, channel_id, labels, assignee_user_id,
       assignee_agent_id, pr_url, pr_number, repo_full_name, branch, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'task', 'todo', 0, NULL, ?, '["automation"]', NULL, NULL, NULL, NULL, NULL, NULL, ?, ?)`,
    )
    .run(taskId, number, title, `${prompt}\n\nFiled by the automation “${automation.name}”.`, automation.channel_id, now, now);
  const dispatchId = svc.newId();
  const { message } = postMessage(svc, {
    channelId: automation.channel_id,
    authorId: automation.author_id,
    authorKind: 'person',
    body: `Automation “${automation.name}” proposes to ask @${agent.handle}: ${prompt}\n\nTask T-${number}. Nothing runs until a person approves (approve_dispatch with dispatchId \`${dispatchId}\`).`,
    via: VIA,
    viaAutomation: automation.id,
  });
  svc.db
    .prepare(
      `INSERT INTO dispatches (id, automation_id, channel_id, agent_id, task_id, prompt, proposal_message_id, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'proposed', ?)`,
    )
    .run(dispatchId, automation.id, automation.channel_id, agent.id, taskId, prompt, message.id, now);
  return `filed T-${number} and proposed dispatch ${dispatchId} to @${agent.handle}`;
}

/** Runs one automation for one firing and records the run. Never throws. */
export function fire(svc: Services, automation: AutomationRow, firing: Firing): { status: 'ok' | 'error'; detail: string; runId: string } {
  const channel = getChannel(svc, automation.channel_id);
  const context: TemplateContext = { ...firing.context, channel: channel?.name ?? '' };
  try {
    if (!channel) throw new Error('its channel no longer exists');
    if (channel.archived) throw new Error('its channel is archived');
    return svc.transaction(() => {
      const details = actionsOf(automation).map((a) => runAction(svc, automation, a, context, firing));
      const run = recordRun(svc, automation.id, firing.kind, 'ok', details.join('; '));
      return { status: 'ok' as const, detail: run.detail, runId: run.id };
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const run = svc.transaction(() => recordRun(svc, automation.id, firing.kind, 'error', detail));
    return { status: 'error', detail, runId: run.id };
  }
}

function personName(svc: Services, id: string | null): string | null {
  if (!id) return null;
  const row = (svc.db.prepare('SELECT name FROM people WHERE id = ?').get(id) ?? svc.db.prepare('SELECT name FROM agents WHERE id = ?').get(id)) as { name: string } | undefined;
  return row?.name ?? null;
}

/** Channels a pull request belongs to: via a task linked to it, or a link of the channel to it or its repository. */
function channelsOfPr(svc: Services, prUrl: string): Set<string> {
  const out = new Set<string>();
  for (const r of svc.db.prepare('SELECT channel_id FROM tasks WHERE pr_url = ? AND channel_id IS NOT NULL').all(prUrl) as { channel_id: string }[]) out.add(r.channel_id);
  for (const r of svc.db.prepare('SELECT channel_id, url, kind FROM links').all() as { channel_id: string; url: string; kind: string }[]) {
    const base = r.url.replace(/\/+$/, '');
    if (r.url === prUrl || (r.kind === 'repository' && prUrl.startsWith(`${base}/`))) out.add(r.channel_id);
  }
  return out;
}

/** Subscribes the engine to the bus; returns the unsubscribe function. */
export function startEngine(svc: Services): () => void {
  const stops = [
    svc.bus.on('message.posted', ({ message, channel, viaAutomation }) => {
      if (viaAutomation) return;
      for (const a of enabledWithTrigger(svc, 'message')) {
        if (a.channel_id !== channel.id) continue;
        const trigger = triggerOf(a);
        const options = trigger.kind === 'message' ? trigger.options : {};
        if (options.contains !== undefined && !message.body.toLowerCase().includes(options.contains.toLowerCase())) continue;
        if (options.hasAttachment === true && !hasAttachment(message.body)) continue;
        if (options.hasAttachment === false && hasAttachment(message.body)) continue;
        fire(svc, a, { kind: 'message', context: { author: message.author.name, text: message.body }, messageId: message.id });
      }
    }),
    svc.bus.on('pr.merged', ({ pr_url }) => {
      const channels = channelsOfPr(svc, pr_url);
      for (const a of enabledWithTrigger(svc, 'pr_merged')) {
        if (channels.has(a.channel_id)) fire(svc, a, { kind: 'pr_merged', context: { author: 'pull request', text: pr_url }, messageId: null });
      }
    }),
    svc.bus.on('checks.failed', ({ pr_url }) => {
      const channels = channelsOfPr(svc, pr_url);
      for (const a of enabledWithTrigger(svc, 'checks_failed')) {
        if (channels.has(a.channel_id)) fire(svc, a, { kind: 'checks_failed', context: { author: 'checks', text: pr_url }, messageId: null });
      }
    }),
    svc.bus.on('task.completed', ({ task }) => {
      for (const a of enabledWithTrigger(svc, 'task_completed')) {
        if (a.channel_id !== task.channel_id) continue;
        const author = personName(svc, task.assignee_user_id ?? task.assignee_agent_id) ?? 'tracker';
        fire(svc, a, { kind: 'task_completed', context: { author, text: `${task.ref} ${task.title}` }, messageId: null });
      }
    }),
    svc.bus.on('run.settled', ({ run }) => {
      for (const a of enabledWithTrigger(svc, 'run_settled')) {
        if (a.channel_id !== run.channel_id) continue;
        const author = personName(svc, run.agent_id) ?? personName(svc, run.requester_id) ?? 'run';
        fire(svc, a, { kind: 'run_settled', context: { author, text: `run ${run.id} ${run.status}` }, messageId: null });
      }
    }),
    svc.bus.on('clock.advanced', () => checkSchedules(svc)),
  ];
  // Real time moves the service clock too; look for due schedules now and then.
  const timer = setInterval(() => checkSchedules(svc), 30_000);
  timer.unref();
  return () => {
    clearInterval(timer);
    for (const stop of stops) stop();
  };
}

export function checkSchedules(svc: Services): void {
  const now = svc.clock.nowMs();
  for (const a of enabledWithTrigger(svc, 'schedule')) {
    const trigger = triggerOf(a);
    if (trigger.kind !== 'schedule' || a.next_due_at === null) continue;
    const step = stepSchedule(a.next_due_at, now, trigger.options.everyMinutes);
    if (!step.due) continue;
    svc.db.prepare('UPDATE automations SET next_due_at = ? WHERE id = ?').run(step.nextDueAt, a.id);
    const text = step.occurrences > 1 ? `every ${trigger.options.everyMinutes} minutes (${step.occurrences} occurrences coalesced)` : `every ${trigger.options.everyMinutes} minutes`;
    fire(svc, a, { kind: 'schedule', context: { author: 'schedule', text }, messageId: null });
  }
}

/** An inbound webhook call: the text is body.text when it is a string, else the JSON body (bounded). */
export function webhookFiring(body: unknown): Firing {
  const text =
    typeof body === 'object' && body !== null && typeof (body as { text?: unknown }).text === 'string'
      ? (body as { text: string }).text
      : body === undefined
        ? ''
        : JSON.stringify(body);
  return { kind: 'webhook', context: { author: 'webhook', text: text.slice(0, 4000) }, messageId: null };
}
