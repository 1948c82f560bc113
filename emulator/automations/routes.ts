// REST: GET/POST /channels/{id}/automations, PATCH/DELETE /channels/{id}/automations/{automationId},
// and the inbound webhook POST /hooks/automations/{automationId} (header x-webhook-key).
import { WebhookAcceptedSchema } from '../../shared/contract';
import { AutomationsResponseSchema, ConfirmationSchema, PatchAutomationInputSchema, UpsertAutomationInputSchema, UpsertAutomationResultSchema } from '../../shared/contract';
import { API_PREFIX, HEADERS, SCOPES, SERVICE_PATHS, type UpsertAutomationResult } from '../../shared/contract';
import { requireReadableChannel } from '../access';
import { isAdminRole } from '../auth';
import { json, ok } from '../dispatch';
import { conflict, notFound, permissionRequired, unauthorized } from '../errors';
import { noteReadable, recordingGrants } from '../replay-grants';
import { findReceipt, idempotencyKeyOf, requestHash, saveReceipt } from '../idempotency';
import { route } from '../route';
import type { RequestContext, Route } from '../types';
import { fire, webhookFiring } from './engine';
import { firstDueAt } from './schedule';
import { automationsOfChannel, deleteAutomation, findAutomation, toWire, type AutomationRow } from './store';
import { hashWebhookKey, newWebhookKey, webhookKeyMatches } from './webhook-key';

const BASE = `${API_PREFIX}/channels/:id/automations`;

function reader(ctx: RequestContext) {
  const who = ctx.who();
  return { personId: who.personId, role: who.role };
}

function automationIn(ctx: RequestContext, channelId: string): AutomationRow {
  const row = findAutomation(ctx.svc, ctx.params.automationId ?? '');
  if (!row || row.channel_id !== channelId) throw notFound('Automation', 'GET the channel\'s automations to see their ids.');
  return row;
}

export function webhookPath(automationId: string): string {
  return `${SERVICE_PATHS.webhookPrefix}${encodeURIComponent(automationId)}`;
}

const list: Route = {
  method: 'GET',
  path: BASE,
  summary: 'Automations with recent runs', tag: 'automations', params: { id: 'Channel id' }, answer: { schema: AutomationsResponseSchema },
  handler(ctx) {
    const who = ctx.who();
    const channel = requireReadableChannel(ctx.svc, reader(ctx), ctx.params.id ?? '');
    if (who.role === 'guest') throw permissionRequired('Guests cannot see a channel\'s automations.', 'Ask a workspace member about the automations of this channel.');
    return ok({
      automations: automationsOfChannel(ctx.svc, channel.id).map((r) => toWire(ctx.svc, r)),
      isAdmin: isAdminRole(who.role) && who.scopes.includes(SCOPES.admin),
    });
  },
};

/**
 * Create or update. Idempotency is handled here (not by the pipeline) so that the one-time
 * webhookKey never lands in the receipt store: a replay answers the id and path without the key.
 */
const upsert: Route = route({
  method: 'POST',
  path: BASE,
  summary: 'Create or update (automation_id) an automation (admins)', tag: 'automations', params: { id: 'Channel id' }, body: UpsertAutomationInputSchema, answer: { schema: UpsertAutomationResultSchema },
  auth: 'admin',
  mutation: false,
  handler(ctx) {
    const { svc } = ctx;
    const who = ctx.who();
    const channel = requireReadableChannel(svc, reader(ctx), ctx.params.id ?? '');
    const input = ctx.body;
    const def = { ...input, name: input.name.trim() };
    const key = idempotencyKeyOf(ctx.req.headers[HEADERS.idempotencyKey], ctx.body);
    const scope = ctx.receiptScope;
    const hash = requestHash(ctx.body);
    const stored = key ? findReceipt(svc, who, scope, key, hash) : null;
    if (stored) return { status: stored.status, body: stored.body };
    return svc.transaction(() => recordingGrants(who, () => {
      noteReadable(who.personId, channel.id);
      const now = svc.nextTimestamp();
      const isWebhook = def.trigger.kind === 'webhook';
      const dueAt = def.trigger.kind === 'schedule' ? firstDueAt(svc.clock.nowMs(), def.trigger.options.everyMinutes) : null;
      let id: string;
      const status = 200;
      let webhookKey: string | null = null;
      if (def.automation_id) {
        const existing = findAutomation(svc, def.automation_id);
        if (!existing || existing.channel_id !== channel.id) throw notFound('Automation', 'Omit automation_id to create a new automation.');
        id = existing.id;
        const wasWebhook = JSON.parse(existing.trigger).kind === 'webhook';
        if (isWebhook && !wasWebhook) webhookKey = newWebhookKey();
        const sameSchedule = existing.trigger === JSON.stringify(def.trigger);
        svc.db
          .prepare('UPDATE automations SET name = ?, trigger = ?, actions = ?, enabled = ?, webhook_key_hash = ?, next_due_at = ?, updated_at = ? WHERE id = ?')
          .run(
            def.name, JSON.stringify(def.trigger), JSON.stringify(def.actions), def.enabled === undefined ? existing.enabled : def.enabled ? 1 : 0,
            isWebhook ? (webhookKey ? hashWebhookKey(webhookKey) : existing.webhook_key_hash) : null,
            sameSchedule ? existing.next_due_at : dueAt, now, id,
          );
      } else {
        id = svc.newId();
        if (isWebhook) webhookKey = newWebhookKey();
        svc.db
          .prepare(
            `INSERT INTO automations (id, channel_id, name, trigger, actions, enabled, author_id, webhook_key_hash, next_due_at, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(id, channel.id, def.name, JSON.stringify(def.trigger), JSON.stringify(def.actions), def.enabled === false ? 0 : 1, who.personId, webhookKey ? hashWebhookKey(webhookKey) : null, dueAt, now, now);
      }
      const answer: UpsertAutomationResult = { id };
      if (isWebhook) answer.webhookPath = webhookPath(id);
      if (key) saveReceipt(svc, who, scope, key, hash, { status, body: answer });
      if (webhookKey) answer.webhookKey = webhookKey;
      return json(status, answer);
    }));
  },
});

const patch: Route = route({
  method: 'PATCH',
  path: `${BASE}/:automationId`,
  summary: 'Enable or disable an automation (admins)', tag: 'automations', params: { id: 'Channel id', automationId: 'Automation id' }, body: PatchAutomationInputSchema, answer: { schema: ConfirmationSchema },
  confirmation: true,
  auth: 'admin',
  handler(ctx) {
    const channel = requireReadableChannel(ctx.svc, reader(ctx), ctx.params.id ?? '');
    const row = automationIn(ctx, channel.id);
    const { enabled } = ctx.body;
    ctx.svc.db.prepare('UPDATE automations SET enabled = ?, updated_at = ? WHERE id = ?').run(enabled ? 1 : 0, ctx.svc.nextTimestamp(), row.id);
    return ok({ ok: true, id: row.id, enabled });
  },
});

const remove: Route = {
  method: 'DELETE',
  path: `${BASE}/:automationId`,
  summary: 'Delete an automation and its run history (admins)', tag: 'automations', params: { id: 'Channel id', automationId: 'Automation id' }, answer: { schema: ConfirmationSchema },
  confirmation: true,
  auth: 'admin',
  handler(ctx) {
    const channel = requireReadableChannel(ctx.svc, reader(ctx), ctx.params.id ?? '');
    const row = automationIn(ctx, channel.id);
    deleteAutomation(ctx.svc, row.id);
    return ok({ ok: true, id: row.id, deleted: true });
  },
};

const inboundWebhook: Route = {
  method: 'POST',
  path: `${SERVICE_PATHS.webhookPrefix}:automationId`,
  summary: 'Fire a webhook-triggered automation (its key in x-webhook-key, not a bearer token)', tag: 'automations', params: { automationId: 'Automation id' }, answer: { status: 202, schema: WebhookAcceptedSchema }, errors: [401, 409],
  auth: 'none',
  mutation: false,
  handler(ctx) {
    const row = findAutomation(ctx.svc, ctx.params.automationId ?? '');
    if (!row || JSON.parse(row.trigger).kind !== 'webhook' || !row.webhook_key_hash) {
      throw notFound('Webhook', 'Use the webhookPath answered when the webhook automation was created.');
    }
    const presented = ctx.req.headers[HEADERS.webhookKey];
    if (typeof presented !== 'string' || !webhookKeyMatches(presented, row.webhook_key_hash)) {
      throw unauthorized('The webhook key is missing or wrong.', 'Send the one-time webhookKey from the create response in the x-webhook-key header; if it is lost, recreate the webhook trigger to get a new key.');
    }
    if (row.enabled !== 1) throw conflict('This automation is disabled.', 'Enable it (PATCH {"enabled": true}) and call the webhook again.');
    const result = fire(ctx.svc, row, webhookFiring(ctx.body));
    return json(202, { ok: true, run: { id: result.runId, status: result.status, detail: result.detail } });
  },
};

export const automationRoutes: Route[] = [list, upsert, patch, remove, inboundWebhook];
