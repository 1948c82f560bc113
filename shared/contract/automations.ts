// Automations: triggers, actions, run history.

import { LIMITS } from './limits';
import { id, ref, requestBody, requiredText, stringEnum, timestamp, Type, type Static } from './schema-kit';
import { TRIGGER_KINDS } from './values';

const options = Type.Object;
const closed = { additionalProperties: false } as const;

export const AutomationTriggerSchema = Type.Union(
  [
    Type.Object(
      {
        kind: Type.Literal('message'),
        options: options(
          { contains: Type.Optional(requiredText(LIMITS.automationContainsMax)), hasAttachment: Type.Optional(Type.Boolean()) },
          closed,
        ),
      },
      closed,
    ),
    Type.Object(
      {
        kind: Type.Literal('schedule'),
        options: options({ everyMinutes: Type.Integer({ minimum: LIMITS.scheduleMinMinutes, maximum: LIMITS.scheduleMaxMinutes }) }, closed),
      },
      closed,
    ),
    Type.Object(
      {
        kind: stringEnum(['pr_merged', 'checks_failed', 'task_completed', 'run_settled', 'webhook'] as const),
        options: options({}, closed),
      },
      closed,
    ),
  ],
  { $id: 'AutomationTrigger' },
);
export type AutomationTrigger = Static<typeof AutomationTriggerSchema>;

export const AutomationActionSchema = Type.Union(
  [
    Type.Object({ kind: Type.Literal('post_message'), options: options({ text: requiredText(LIMITS.automationTextMax) }, closed) }, closed),
    Type.Object({ kind: Type.Literal('add_reaction'), options: options({ emoji: requiredText(LIMITS.emojiMax, { examples: ['tada'] }) }, closed) }, closed),
    Type.Object(
      { kind: Type.Literal('ask_agent'), options: options({ agentId: id(), prompt: requiredText(LIMITS.automationTextMax) }, closed) },
      closed,
    ),
  ],
  { $id: 'AutomationAction' },
);
export type AutomationAction = Static<typeof AutomationActionSchema>;

export const AutomationRunSchema = Type.Object(
  {
    id: Type.String(),
    at: timestamp(),
    trigger_kind: stringEnum(TRIGGER_KINDS),
    status: stringEnum(['ok', 'error'] as const),
    detail: Type.String({ description: 'What the actions did, or why they failed.' }),
  },
  { $id: 'AutomationRun' },
);
export type AutomationRun = Static<typeof AutomationRunSchema>;

export const AutomationSchema = Type.Object(
  {
    id: Type.String(),
    channel_id: Type.String(),
    name: Type.String(),
    trigger: ref(AutomationTriggerSchema),
    actions: Type.Array(ref(AutomationActionSchema)),
    enabled: Type.Boolean(),
    created_at: timestamp(),
    updated_at: timestamp(),
    runs: Type.Array(ref(AutomationRunSchema), { description: 'Recent run history, newest first (at most 20).' }),
  },
  { $id: 'Automation' },
);
export type Automation = Static<typeof AutomationSchema>;

export const AutomationsResponseSchema = Type.Object(
  { automations: Type.Array(ref(AutomationSchema)), isAdmin: Type.Boolean() },
  { $id: 'AutomationsResponse' },
);
export type AutomationsResponse = Static<typeof AutomationsResponseSchema>;

/** POST /channels/{id}/automations: creates, or updates the one `automation_id` names. */
export const UpsertAutomationInputSchema = requestBody(
  {
    automation_id: Type.Optional(id()),
    name: requiredText(LIMITS.nameMax),
    trigger: ref(AutomationTriggerSchema),
    actions: Type.Array(ref(AutomationActionSchema), { minItems: LIMITS.automationActionsMin, maxItems: LIMITS.automationActionsMax }),
    enabled: Type.Optional(Type.Boolean()),
  },
  { $id: 'UpsertAutomationInput' },
);
export type UpsertAutomationInput = Static<typeof UpsertAutomationInputSchema>;

/** PATCH /channels/{id}/automations/{automationId}. */
export const PatchAutomationInputSchema = requestBody({ enabled: Type.Boolean() }, { $id: 'PatchAutomationInput' });
export type PatchAutomationInput = Static<typeof PatchAutomationInputSchema>;

export const UpsertAutomationResultSchema = Type.Object(
  {
    id: Type.String(),
    webhookKey: Type.Optional(Type.String({ description: 'One time only, for webhook triggers on create.' })),
    webhookPath: Type.Optional(Type.String()),
  },
  { $id: 'UpsertAutomationResult' },
);
export type UpsertAutomationResult = Static<typeof UpsertAutomationResultSchema>;

/** POST /hooks/automations/{automationId}: the run the webhook started. */
export const WebhookAcceptedSchema = Type.Object(
  { ok: Type.Literal(true), run: Type.Object({ id: Type.String(), status: Type.String(), detail: Type.String() }) },
  { $id: 'WebhookAccepted' },
);
export type WebhookAccepted = Static<typeof WebhookAcceptedSchema>;
