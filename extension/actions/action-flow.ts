/**
 * The wsc.runAction flow without vscode: pick a command, fill its generated form, confirm the exact
 * phrase for destructive commands (anything else is refused here, nothing is sent), then read
 * through GET or mutate through POST. A mutation's requestId is made once per submission and reused
 * by every retry, so a retry after a lost answer replays the receipt instead of repeating the effect.
 */
import type { ActionFormField, ActionReceipt, Capability, Client, FieldValue, PickOption } from '../../shared/index';
import { actionFormFields, fieldProblem, isApiError, parseFieldText, parseFieldValue } from '../../shared/index';
import { describeError } from '../errors/describe-error';
import { groupCapabilities, isReadCommand, type CommandGroup } from './command-groups';
import { l10n } from '../l10n';

export interface ActionPrompter {
  pickCommand(groups: CommandGroup[]): Promise<Capability | undefined>;
  /** A pick for enum/boolean fields; resolves to the chosen option's label. */
  pick(field: ActionFormField, options: PickOption[], step: number, steps: number): Promise<string | undefined>;
  /** A text input; `check` gives the message to show for a value, undefined when it is fine. */
  text(field: ActionFormField, check: (text: string) => string | undefined, step: number, steps: number): Promise<string | undefined>;
  /** Shows the outcome; resolves true when the person asks to retry the same submission. */
  show(outcome: ActionOutcome): Promise<boolean>;
}

export type ActionOutcome =
  | { status: 'read'; command: string; output: unknown }
  | { status: 'done'; command: string; receipt: ActionReceipt; output: Record<string, unknown> }
  | { status: 'refused'; command: string; message: string }
  | { status: 'failed'; command: string; message: string; hint: string; code: string; requestId?: string; retryable: boolean };

export interface RunActionArgs {
  /** Command name (skips the pick). */
  command?: string;
  /** Values for some or all fields (skips those questions); still validated like typed ones. */
  input?: Record<string, unknown>;
}

const RETRYABLE = new Set(['network_error', 'internal', 'rate_limited', 'unexpected_response']);

function outputOf(result: Record<string, unknown>): Record<string, unknown> {
  const { ok: _ok, receipt: _receipt, ...rest } = result;
  return rest;
}

function refusal(field: ActionFormField, parsed: Extract<FieldValue, { ok: false }>): string {
  const problem = fieldProblem(field, parsed.message);
  return field.kind === 'confirm' ? `The confirmation phrase did not match; nothing was sent. ${problem}` : problem;
}

/**
 * Fills the form (shared/actions): given values are checked by the same rules as typed ones, the
 * rest asked. undefined = cancelled; string = refused, nothing sent.
 */
async function fillForm(cap: Capability, given: Record<string, unknown>, prompter: ActionPrompter): Promise<Record<string, unknown> | string | undefined> {
  const fields = actionFormFields(cap);
  const input: Record<string, unknown> = {};
  for (const [i, field] of fields.entries()) {
    let parsed: FieldValue;
    if (Object.prototype.hasOwnProperty.call(given, field.name)) {
      parsed = parseFieldValue(field, given[field.name]);
    } else {
      const answer = field.options
        ? await prompter.pick(field, field.options, i + 1, fields.length)
        : await prompter.text(field, (t) => {
            const r = parseFieldText(field, t);
            return r.ok ? undefined : r.message;
          }, i + 1, fields.length);
      if (answer === undefined) return undefined;
      parsed = parseFieldText(field, answer);
    }
    if (!parsed.ok) return refusal(field, parsed);
    if (!parsed.omit) input[field.name] = parsed.value;
  }
  return input;
}

export async function runActionFlow(
  client: Client,
  prompter: ActionPrompter,
  args: RunActionArgs = {},
  newRequestId: () => string,
): Promise<ActionOutcome | undefined> {
  const { commands } = await client.capabilities();
  let cap: Capability | undefined;
  if (args.command) {
    cap = commands.find((c) => c.name === args.command);
    if (!cap) return { status: 'refused', command: args.command, message: `There is no command ${args.command} in list_capabilities.` };
  } else {
    cap = await prompter.pickCommand(groupCapabilities(commands));
  }
  if (!cap) return undefined;
  const filled = await fillForm(cap, args.input ?? {}, prompter);
  if (filled === undefined) return undefined;
  if (typeof filled === 'string') {
    const refused: ActionOutcome = { status: 'refused', command: cap.name, message: filled };
    await prompter.show(refused);
    return refused;
  }

  if (isReadCommand(cap)) {
    for (;;) {
      try {
        const output = await client.readAction<unknown>(cap.name, filled);
        const outcome: ActionOutcome = { status: 'read', command: cap.name, output };
        await prompter.show(outcome);
        return outcome;
      } catch (error) {
        const outcome = failure(cap.name, error);
        if (!(await prompter.show(outcome))) return outcome;
      }
    }
  }

  // One key per submission: every retry (the client's own and the person's Retry) sends the same.
  const requestId = typeof args.input?.requestId === 'string' ? args.input.requestId : newRequestId();
  const body = { ...filled, requestId };
  for (;;) {
    try {
      const result = await client.runAction(cap.name, body);
      const outcome: ActionOutcome = { status: 'done', command: cap.name, receipt: result.receipt, output: outputOf(result) };
      await prompter.show(outcome);
      return outcome;
    } catch (error) {
      const outcome = failure(cap.name, error, requestId);
      if (!(await prompter.show(outcome))) return outcome;
    }
  }
}

function failure(command: string, error: unknown, requestId?: string): ActionOutcome {
  const view = describeError(error, l10n.t('Could not run {0}', command));
  const code = isApiError(error) ? error.code : 'error';
  return { status: 'failed', command, message: view.message, hint: view.hint, code, ...(requestId ? { requestId } : {}), retryable: RETRYABLE.has(code) };
}

/** One line for a notification. */
export function outcomeSummary(o: ActionOutcome): string {
  switch (o.status) {
    case 'read':
      return `${o.command}: read done.`;
    case 'done':
      return o.receipt.replayed
        ? `${o.command}: already done earlier — the service replayed the original receipt (action ${o.receipt.actionId}, request ${o.receipt.requestId}); nothing was repeated.`
        : `${o.command}: done. Receipt: action ${o.receipt.actionId}, request ${o.receipt.requestId}.`;
    case 'refused':
      return `${o.command}: ${o.message}`;
    case 'failed':
      return `${o.message}${o.hint ? ` ${o.hint}` : ''}`;
  }
}
