// The engine's own parsers for automation definitions (upsert bodies). Each returns either the
// normalised definition or the first problem, phrased for the person who sent it.
import {
  ACTION_KINDS,
  LIMITS,
  TRIGGER_KINDS,
  type ActionKind,
  type AutomationAction,
  type AutomationTrigger,
  type TriggerKind,
} from '../../shared/contract';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string; hint: string };

export interface AutomationDefinition {
  automation_id?: string;
  name: string;
  trigger: AutomationTrigger;
  actions: AutomationAction[];
  enabled?: boolean;
}

const NAME_MAX = LIMITS.nameMax;
const TEXT_MAX = 4000;
const PROMPT_MAX = 4000;
const CONTAINS_MAX = 200;
const EVERY_MINUTES_MAX = 60 * 24 * 31;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fail<T>(message: string, hint: string): Parsed<T> {
  return { ok: false, message, hint };
}

function unknownKey(obj: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  return Object.keys(obj).find((k) => !allowed.includes(k));
}

function optionsOf(raw: Record<string, unknown>, where: string): Parsed<Record<string, unknown>> {
  const options = raw.options ?? {};
  if (!isObject(options)) return fail(`${where}.options must be an object.`, `Send ${where}.options as a JSON object (or omit it).`);
  return { ok: true, value: options };
}

export function parseTrigger(raw: unknown): Parsed<AutomationTrigger> {
  if (!isObject(raw)) return fail('trigger must be an object {kind, options}.', `Send trigger as {"kind": one of ${TRIGGER_KINDS.join(', ')}, "options": {...}}.`);
  const extra = unknownKey(raw, ['kind', 'options']);
  if (extra) return fail(`Unknown key '${extra}' in trigger.`, 'A trigger has only kind and options.');
  const kind = raw.kind;
  if (typeof kind !== 'string' || !(TRIGGER_KINDS as readonly string[]).includes(kind)) {
    return fail(`Unknown trigger kind '${String(kind)}'.`, `Use one of: ${TRIGGER_KINDS.join(', ')}.`);
  }
  const opts = optionsOf(raw, 'trigger');
  if (!opts.ok) return opts;
  const options = opts.value;
  switch (kind as TriggerKind) {
    case 'message': {
      const extraOpt = unknownKey(options, ['contains', 'hasAttachment']);
      if (extraOpt) return fail(`Unknown option '${extraOpt}' for a message trigger.`, 'A message trigger takes contains (string) and/or hasAttachment (boolean).');
      const out: { contains?: string; hasAttachment?: boolean } = {};
      if (options.contains !== undefined) {
        if (typeof options.contains !== 'string' || options.contains.trim() === '' || options.contains.length > CONTAINS_MAX) {
          return fail('trigger.options.contains must be a non-empty string.', `Send the text to look for (at most ${CONTAINS_MAX} characters).`);
        }
        out.contains = options.contains;
      }
      if (options.hasAttachment !== undefined) {
        if (typeof options.hasAttachment !== 'boolean') return fail('trigger.options.hasAttachment must be a boolean.', 'Send true or false.');
        out.hasAttachment = options.hasAttachment;
      }
      return { ok: true, value: { kind: 'message', options: out } };
    }
    case 'schedule': {
      const extraOpt = unknownKey(options, ['everyMinutes']);
      if (extraOpt) return fail(`Unknown option '${extraOpt}' for a schedule trigger.`, 'A schedule trigger takes only everyMinutes.');
      const every = options.everyMinutes;
      if (typeof every !== 'number' || !Number.isInteger(every) || every < LIMITS.scheduleMinMinutes || every > EVERY_MINUTES_MAX) {
        return fail(
          `trigger.options.everyMinutes must be a whole number of at least ${LIMITS.scheduleMinMinutes}.`,
          `Send everyMinutes between ${LIMITS.scheduleMinMinutes} and ${EVERY_MINUTES_MAX}.`,
        );
      }
      return { ok: true, value: { kind: 'schedule', options: { everyMinutes: every } } };
    }
    default: {
      const extraOpt = Object.keys(options)[0];
      if (extraOpt) return fail(`Unknown option '${extraOpt}' for a ${kind} trigger.`, `A ${kind} trigger takes no options.`);
      return { ok: true, value: { kind: kind as Exclude<TriggerKind, 'message' | 'schedule'>, options: {} } };
    }
  }
}

function nonEmptyString(v: unknown, max: number): v is string {
  return typeof v === 'string' && v.trim() !== '' && v.length <= max;
}

export function parseAction(raw: unknown, index: number): Parsed<AutomationAction> {
  const where = `actions[${index}]`;
  if (!isObject(raw)) return fail(`${where} must be an object {kind, options}.`, `Use one of: ${ACTION_KINDS.join(', ')}.`);
  const extra = unknownKey(raw, ['kind', 'options']);
  if (extra) return fail(`Unknown key '${extra}' in ${where}.`, 'An action has only kind and options.');
  const kind = raw.kind;
  if (typeof kind !== 'string' || !(ACTION_KINDS as readonly string[]).includes(kind)) {
    return fail(`Unknown action kind '${String(kind)}' in ${where}.`, `Use one of: ${ACTION_KINDS.join(', ')}.`);
  }
  const opts = optionsOf(raw, where);
  if (!opts.ok) return opts;
  const options = opts.value;
  switch (kind as ActionKind) {
    case 'post_message': {
      const extraOpt = unknownKey(options, ['text']);
      if (extraOpt) return fail(`Unknown option '${extraOpt}' in ${where}.`, 'post_message takes only text.');
      if (!nonEmptyString(options.text, TEXT_MAX)) return fail(`${where}.options.text must be a non-empty string.`, 'Write the message; {{author}}, {{text}} and {{channel}} are filled in.');
      return { ok: true, value: { kind: 'post_message', options: { text: options.text } } };
    }
    case 'add_reaction': {
      const extraOpt = unknownKey(options, ['emoji']);
      if (extraOpt) return fail(`Unknown option '${extraOpt}' in ${where}.`, 'add_reaction takes only emoji.');
      if (!nonEmptyString(options.emoji, 64)) return fail(`${where}.options.emoji must be a non-empty string.`, 'Send an emoji glyph or a :name: token.');
      return { ok: true, value: { kind: 'add_reaction', options: { emoji: options.emoji } } };
    }
    case 'ask_agent': {
      const extraOpt = unknownKey(options, ['agentId', 'prompt']);
      if (extraOpt) return fail(`Unknown option '${extraOpt}' in ${where}.`, 'ask_agent takes agentId and prompt.');
      if (!nonEmptyString(options.agentId, 200)) return fail(`${where}.options.agentId must name an agent.`, 'Send the id of a workspace agent.');
      if (!nonEmptyString(options.prompt, PROMPT_MAX)) return fail(`${where}.options.prompt must be a non-empty string.`, 'Say what the agent should do; templates are filled in.');
      return { ok: true, value: { kind: 'ask_agent', options: { agentId: options.agentId, prompt: options.prompt } } };
    }
  }
}

/** Parses a whole upsert body. */
export function parseDefinition(raw: unknown): Parsed<AutomationDefinition> {
  if (!isObject(raw)) return fail('The body must be a JSON object.', 'Send {name, trigger, actions, enabled?}.');
  const extra = unknownKey(raw, ['automation_id', 'name', 'trigger', 'actions', 'enabled']);
  if (extra) return fail(`Unknown key '${extra}'.`, 'An automation has automation_id?, name, trigger, actions and enabled?.');
  if (raw.automation_id !== undefined && !nonEmptyString(raw.automation_id, 200)) return fail('automation_id must be a string.', 'Omit it to create; send an existing id to update.');
  if (!nonEmptyString(raw.name, NAME_MAX)) return fail('name is required.', `Give the automation a name (at most ${NAME_MAX} characters).`);
  const trigger = parseTrigger(raw.trigger);
  if (!trigger.ok) return trigger;
  if (!Array.isArray(raw.actions) || raw.actions.length < LIMITS.automationActionsMin || raw.actions.length > LIMITS.automationActionsMax) {
    return fail(
      `actions must be a list of ${LIMITS.automationActionsMin} to ${LIMITS.automationActionsMax} steps.`,
      `Send between ${LIMITS.automationActionsMin} and ${LIMITS.automationActionsMax} actions.`,
    );
  }
  const actions: AutomationAction[] = [];
  for (const [i, a] of raw.actions.entries()) {
    const parsed = parseAction(a, i);
    if (!parsed.ok) return parsed;
    actions.push(parsed.value);
  }
  if (raw.enabled !== undefined && typeof raw.enabled !== 'boolean') return fail('enabled must be a boolean.', 'Send true or false.');
  const value: AutomationDefinition = { name: raw.name.trim(), trigger: trigger.value, actions };
  if (typeof raw.automation_id === 'string') value.automation_id = raw.automation_id;
  if (typeof raw.enabled === 'boolean') value.enabled = raw.enabled;
  return { ok: true, value };
}
