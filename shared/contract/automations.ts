// Automations: triggers, actions, run history.

export const TRIGGER_KINDS = [
  'message',
  'schedule',
  'pr_merged',
  'checks_failed',
  'task_completed',
  'run_settled',
  'webhook',
] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

export const ACTION_KINDS = ['post_message', 'add_reaction', 'ask_agent'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export type AutomationTrigger =
  | { kind: 'message'; options: { contains?: string; hasAttachment?: boolean } }
  | { kind: 'schedule'; options: { everyMinutes: number } }
  | { kind: 'pr_merged' | 'checks_failed' | 'task_completed' | 'run_settled' | 'webhook'; options: Record<string, never> };

export type AutomationAction =
  | { kind: 'post_message'; options: { text: string } }
  | { kind: 'add_reaction'; options: { emoji: string } }
  | { kind: 'ask_agent'; options: { agentId: string; prompt: string } };

export interface AutomationRun {
  id: string;
  at: string;
  trigger_kind: TriggerKind;
  status: 'ok' | 'error';
  /** What the actions did, or why they failed. */
  detail: string;
}

export interface Automation {
  id: string;
  channel_id: string;
  name: string;
  trigger: AutomationTrigger;
  actions: AutomationAction[];
  enabled: boolean;
  created_at: string;
  updated_at: string;
  /** Recent run history, newest first (at most 20). */
  runs: AutomationRun[];
}

export interface AutomationsResponse {
  automations: Automation[];
  isAdmin: boolean;
}

export interface UpsertAutomationInput {
  automation_id?: string;
  name: string;
  trigger: AutomationTrigger;
  actions: AutomationAction[];
  enabled?: boolean;
}

export interface UpsertAutomationResult {
  id: string;
  /** One time only, for webhook triggers on create. */
  webhookKey?: string;
  webhookPath?: string;
}
