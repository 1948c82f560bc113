/**
 * The automation editor's form: what the webview fills in (a draft of plain fields) and the one
 * validation both sides run before anything is sent. The rules mirror the service's parsers
 * (trigger kinds and options, 1-5 actions, schedule at least every 15 minutes); the service's own
 * answer (message and hint) is still shown when it refuses. vscode-free and DOM-free.
 */
import {
  ACTION_KINDS,
  LIMITS,
  TRIGGER_KINDS,
  type ActionKind,
  type Automation,
  type AutomationAction,
  type AutomationTrigger,
  type TriggerKind,
  type UpsertAutomationInput,
} from '../../shared/index';

/** Limits the spec leaves unshown, as the local service applies them. */
export const AUTOMATION_FORM_LIMITS = {
  containsMax: 200,
  textMax: 4000,
  promptMax: 4000,
  emojiMax: 64,
  agentIdMax: 200,
  everyMinutesMax: 60 * 24 * 31,
} as const;

export interface ActionDraft {
  kind: string;
  text: string;
  emoji: string;
  agentId: string;
  prompt: string;
}

export interface AutomationDraft {
  /** Present when editing an existing automation. */
  automationId?: string;
  name: string;
  enabled: boolean;
  trigger: {
    kind: string;
    contains: string;
    hasAttachment: boolean;
    /** As typed (a text field). */
    everyMinutes: string;
  };
  actions: ActionDraft[];
}

export interface FieldError {
  /** `name`, `trigger.kind`, `trigger.everyMinutes`, `actions`, `actions.2.text`, ... */
  field: string;
  message: string;
}

export type DraftCheck = { ok: true; input: UpsertAutomationInput } | { ok: false; errors: FieldError[] };

export const TRIGGER_LABELS: Record<TriggerKind, string> = {
  message: 'A message is posted',
  schedule: 'On a schedule',
  pr_merged: 'A pull request is merged',
  checks_failed: 'Checks fail',
  task_completed: 'A task is completed',
  run_settled: 'An agent run settles',
  webhook: 'A webhook is called',
};

export const ACTION_LABELS: Record<ActionKind, string> = {
  post_message: 'Post a message',
  add_reaction: 'Add a reaction',
  ask_agent: 'Ask an agent (a person approves before it runs)',
};

export function emptyActionDraft(kind: ActionKind = 'post_message'): ActionDraft {
  return { kind, text: '', emoji: '', agentId: '', prompt: '' };
}

export function emptyDraft(): AutomationDraft {
  return {
    name: '',
    enabled: true,
    trigger: { kind: 'message', contains: '', hasAttachment: false, everyMinutes: String(LIMITS.scheduleMinMinutes) },
    actions: [emptyActionDraft()],
  };
}

/** The form for an existing automation. */
export function draftFrom(a: Automation): AutomationDraft {
  const draft = emptyDraft();
  draft.automationId = a.id;
  draft.name = a.name;
  draft.enabled = a.enabled;
  draft.trigger.kind = a.trigger.kind;
  if (a.trigger.kind === 'message') {
    draft.trigger.contains = a.trigger.options.contains ?? '';
    draft.trigger.hasAttachment = a.trigger.options.hasAttachment === true;
  }
  if (a.trigger.kind === 'schedule') draft.trigger.everyMinutes = String(a.trigger.options.everyMinutes);
  draft.actions = a.actions.map((action) => {
    const d = emptyActionDraft(action.kind);
    if (action.kind === 'post_message') d.text = action.options.text;
    if (action.kind === 'add_reaction') d.emoji = action.options.emoji;
    if (action.kind === 'ask_agent') {
      d.agentId = action.options.agentId;
      d.prompt = action.options.prompt;
    }
    return d;
  });
  return draft;
}

const filled = (v: string) => v.trim() !== '';

function checkTrigger(t: AutomationDraft['trigger'], errors: FieldError[]): AutomationTrigger | undefined {
  if (!(TRIGGER_KINDS as readonly string[]).includes(t.kind)) {
    errors.push({ field: 'trigger.kind', message: `Choose a trigger: ${TRIGGER_KINDS.join(', ')}.` });
    return undefined;
  }
  const kind = t.kind as TriggerKind;
  if (kind === 'message') {
    const options: { contains?: string; hasAttachment?: boolean } = {};
    if (filled(t.contains)) {
      if (t.contains.length > AUTOMATION_FORM_LIMITS.containsMax) {
        errors.push({ field: 'trigger.contains', message: `At most ${AUTOMATION_FORM_LIMITS.containsMax} characters.` });
      }
      options.contains = t.contains;
    }
    if (t.hasAttachment) options.hasAttachment = true;
    return { kind, options };
  }
  if (kind === 'schedule') {
    const text = t.everyMinutes.trim();
    const every = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(every) || every < LIMITS.scheduleMinMinutes || every > AUTOMATION_FORM_LIMITS.everyMinutesMax) {
      errors.push({
        field: 'trigger.everyMinutes',
        message: `A whole number of minutes from ${LIMITS.scheduleMinMinutes} to ${AUTOMATION_FORM_LIMITS.everyMinutesMax}.`,
      });
      return undefined;
    }
    return { kind, options: { everyMinutes: every } };
  }
  return { kind, options: {} };
}

function checkText(value: string, max: number, field: string, what: string, errors: FieldError[]): boolean {
  if (!filled(value)) {
    errors.push({ field, message: `${what} is required.` });
    return false;
  }
  if (value.length > max) {
    errors.push({ field, message: `${what}: at most ${max} characters.` });
    return false;
  }
  return true;
}

function checkAction(a: ActionDraft, i: number, errors: FieldError[]): AutomationAction | undefined {
  const at = `actions.${i}`;
  if (!(ACTION_KINDS as readonly string[]).includes(a.kind)) {
    errors.push({ field: `${at}.kind`, message: `Choose an action: ${ACTION_KINDS.join(', ')}.` });
    return undefined;
  }
  switch (a.kind as ActionKind) {
    case 'post_message':
      return checkText(a.text, AUTOMATION_FORM_LIMITS.textMax, `${at}.text`, 'The message', errors) ? { kind: 'post_message', options: { text: a.text } } : undefined;
    case 'add_reaction':
      return checkText(a.emoji, AUTOMATION_FORM_LIMITS.emojiMax, `${at}.emoji`, 'The emoji', errors) ? { kind: 'add_reaction', options: { emoji: a.emoji.trim() } } : undefined;
    case 'ask_agent': {
      const agentOk = checkText(a.agentId, AUTOMATION_FORM_LIMITS.agentIdMax, `${at}.agentId`, 'The agent', errors);
      const promptOk = checkText(a.prompt, AUTOMATION_FORM_LIMITS.promptMax, `${at}.prompt`, 'The prompt', errors);
      return agentOk && promptOk ? { kind: 'ask_agent', options: { agentId: a.agentId.trim(), prompt: a.prompt } } : undefined;
    }
  }
}

/** Every problem of the form at once (the webview marks each field), or the body to send. */
export function validateAutomationDraft(draft: AutomationDraft): DraftCheck {
  const errors: FieldError[] = [];
  const name = draft.name.trim();
  if (name === '') errors.push({ field: 'name', message: 'Give the automation a name.' });
  else if (name.length > LIMITS.nameMax) errors.push({ field: 'name', message: `The name has at most ${LIMITS.nameMax} characters.` });
  const trigger = checkTrigger(draft.trigger, errors);
  const count = draft.actions.length;
  if (count < LIMITS.automationActionsMin || count > LIMITS.automationActionsMax) {
    errors.push({ field: 'actions', message: `An automation has ${LIMITS.automationActionsMin} to ${LIMITS.automationActionsMax} actions (now ${count}).` });
  }
  const actions = draft.actions.map((a, i) => checkAction(a, i, errors));
  if (errors.length > 0 || !trigger) return { ok: false, errors };
  const input: UpsertAutomationInput = { name, trigger, actions: actions as AutomationAction[], enabled: draft.enabled };
  if (draft.automationId) input.automation_id = draft.automationId;
  return { ok: true, input };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';

/** Shape check of a draft that arrived over the webview message channel (values are checked by validateAutomationDraft). */
export function parseDraft(raw: unknown): AutomationDraft | null {
  if (!isObject(raw) || !isStr(raw.name) || typeof raw.enabled !== 'boolean' || !isObject(raw.trigger) || !Array.isArray(raw.actions)) return null;
  const t = raw.trigger;
  if (!isStr(t.kind) || !isStr(t.contains) || typeof t.hasAttachment !== 'boolean' || !isStr(t.everyMinutes)) return null;
  if (raw.actions.length > 20) return null;
  const actions: ActionDraft[] = [];
  for (const a of raw.actions) {
    if (!isObject(a) || !isStr(a.kind) || !isStr(a.text) || !isStr(a.emoji) || !isStr(a.agentId) || !isStr(a.prompt)) return null;
    actions.push({ kind: a.kind, text: a.text, emoji: a.emoji, agentId: a.agentId, prompt: a.prompt });
  }
  if (raw.automationId !== undefined && !isStr(raw.automationId)) return null;
  return {
    ...(isStr(raw.automationId) && raw.automationId ? { automationId: raw.automationId } : {}),
    name: raw.name,
    enabled: raw.enabled,
    trigger: { kind: t.kind, contains: t.contains, hasAttachment: t.hasAttachment, everyMinutes: t.everyMinutes },
    actions,
  };
}

/** One line saying what an automation does, for the list. */
export function describeAutomation(a: Pick<Automation, 'trigger' | 'actions'>): string {
  const t = a.trigger;
  let when: string = TRIGGER_LABELS[t.kind];
  if (t.kind === 'message') {
    const parts = [t.options.contains ? `containing “${t.options.contains}”` : '', t.options.hasAttachment ? 'with an attachment' : ''].filter(Boolean);
    if (parts.length > 0) when += ` ${parts.join(' and ')}`;
  }
  if (t.kind === 'schedule') when = `Every ${t.options.everyMinutes} minutes`;
  const then = a.actions.map((x) => ACTION_LABELS[x.kind].split(' (')[0]?.toLowerCase() ?? x.kind).join(', then ');
  return `${when} → ${then}`;
}
