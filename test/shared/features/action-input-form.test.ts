// The one action input form (shared/actions): fields from a command's inputSchema and the coercion of
// typed text, including where the extension's and the terminal UI's copies disagreed; then forms
// built from the local service's real list_capabilities and sent.
import { beforeAll, describe, expect, it } from 'vitest';
import { actionInput, parseFieldText, parseFieldValue } from '../../../shared/actions/coerce-input';
import { actionFormFields, confirmPhraseOf, fieldHint, fieldPrompt } from '../../../shared/actions/input-form';
import type { Client } from '../../../shared/client';
import type { Capability } from '../../../shared/contract';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { readTask } from '../../../shared/tasks/read-task';
import { clientFor, MARIA_TOKEN } from '../support/clients';

function cap(over: Partial<Capability>): Capability {
  return {
    name: 'x', description: '', risk: 'write', inputSchema: { type: 'object', properties: {} }, roles: ['member'], scopes: ['workspace:write'],
    auditTarget: 'x', transports: ['rest'], rateClass: 'write', idempotency: 'requestId', interactiveOnly: false, webmcpDisposition: 'exposed', ...over,
  };
}

const deleteChannel = cap({
  name: 'delete_channel',
  risk: 'destructive',
  confirmPhrase: 'delete channel permanently',
  inputSchema: {
    type: 'object',
    properties: {
      requestId: { type: 'string', maxLength: 160 },
      confirm: { type: 'string', const: 'delete channel permanently' },
      channelId: { type: 'string', format: 'uuid' },
    },
    required: ['channelId', 'confirm'],
  },
});

const mixed = actionFormFields(
  cap({
    inputSchema: {
      type: 'object',
      properties: {
        months: { type: 'integer', minimum: 1, maximum: 12 },
        ratio: { type: 'number', maximum: 1 },
        name: { type: 'string', minLength: 1, maxLength: 5 },
        id: { type: 'string', format: 'uuid' },
        icon: { type: ['string', 'null'], pattern: '^icon:[a-z]+$' },
        answers: { type: 'object' },
        tags: { type: 'array', items: { type: 'string', maxLength: 3 } },
        counts: { type: 'array', items: { type: 'integer', minimum: 0 } },
        plan: { type: 'string', enum: ['pro', 'max'] },
        resend: { type: 'boolean' },
      },
      required: ['months'],
    },
  }),
);
const by = (n: string) => mixed.find((f) => f.name === n)!;

describe('the fields of a command', () => {
  it('asks required fields first, the confirmation last, never the requestId', () => {
    const fields = actionFormFields(deleteChannel);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['channelId', 'string', true],
      ['confirm', 'confirm', true],
    ]);
    expect(confirmPhraseOf(deleteChannel)).toBe('delete channel permanently');
    expect(confirmPhraseOf(cap({ inputSchema: { type: 'object', properties: { confirm: { type: 'string', const: 'yes really' } } } }))).toBe('yes really');
  });

  it('says what each field takes: a short hint and the full prompt', () => {
    const [channelId, confirm] = actionFormFields(deleteChannel);
    expect(fieldHint(confirm!)).toBe('type exactly: delete channel permanently');
    expect(fieldPrompt(channelId!)).toContain('channelId (required) · string, uuid');
    expect(fieldHint(by('months'))).toBe('integer 1-12');
    expect(fieldHint(by('icon'))).toBe('string, or null');
    expect(fieldHint(by('tags'))).toBe('list: comma-separated or JSON [..]');
    expect(fieldHint(by('plan'))).toBe('pro | max');
    expect(fieldPrompt(by('plan'))).toContain('plan (optional: leave empty to skip)');
  });

  it('enums and booleans are picks; optional ones can be left empty', () => {
    expect(by('plan').options?.map((o) => o.label)).toEqual(['pro', 'max', '(leave empty)']);
    expect(by('resend').options?.map((o) => o.label)).toEqual(['true', 'false', '(leave empty)']);
    expect(parseFieldText(by('resend'), '(leave empty)')).toEqual({ ok: true, value: undefined, omit: true });
    expect(parseFieldText(by('resend'), 'false')).toEqual({ ok: true, value: false, omit: false });
    expect(parseFieldText(by('resend'), 'Yes')).toEqual({ ok: true, value: true, omit: false });
    expect(parseFieldText(by('resend'), 'maybe').ok).toBe(false);
    expect(parseFieldText(by('plan'), 'max')).toEqual({ ok: true, value: 'max', omit: false });
    expect(parseFieldText(by('plan'), 'free')).toEqual({ ok: false, message: 'Choose one of: pro, max.' });
  });
});

describe('typed text to values', () => {
  it('integers must be whole numbers within minimum and maximum (the terminal UI took 2.5 and 13)', () => {
    expect(parseFieldText(by('months'), '2.5')).toEqual({ ok: false, message: 'A whole number.' });
    expect(parseFieldText(by('months'), '13')).toEqual({ ok: false, message: 'At most 12.' });
    expect(parseFieldText(by('months'), '0')).toEqual({ ok: false, message: 'At least 1.' });
    expect(parseFieldText(by('months'), ' 3 ')).toEqual({ ok: true, value: 3, omit: false });
    expect(parseFieldText(by('months'), '')).toEqual({ ok: false, message: 'months is required.' });
    for (const odd of ['0x10', 'Infinity', '1,5', 'three']) expect(parseFieldText(by('months'), odd).ok).toBe(false);
    expect(parseFieldText(by('ratio'), '0.25')).toEqual({ ok: true, value: 0.25, omit: false });
    expect(parseFieldText(by('ratio'), '1.5')).toEqual({ ok: false, message: 'At most 1.' });
  });

  it('strings: length, uuid, pattern; trimmed; null where the schema allows it (the terminal UI had no null)', () => {
    expect(parseFieldText(by('name'), 'toolong').ok).toBe(false);
    expect(parseFieldText(by('name'), '  abc  ')).toEqual({ ok: true, value: 'abc', omit: false });
    expect(parseFieldText(by('name'), '')).toEqual({ ok: true, value: undefined, omit: true });
    expect(parseFieldText(by('id'), 'nope').ok).toBe(false);
    expect(parseFieldText(by('id'), '3f2b8c1e-0000-4000-8000-000000000000').ok).toBe(true);
    expect(parseFieldText(by('icon'), 'null')).toEqual({ ok: true, value: null, omit: false });
    expect(parseFieldText(by('name'), 'null')).toEqual({ ok: true, value: 'null', omit: false });
    expect(parseFieldText(by('icon'), 'emoji').ok).toBe(false);
    expect(parseFieldText(by('icon'), 'icon:rocket').ok).toBe(true);
  });

  it('lists: a JSON array or a comma list (the extension took only JSON, the terminal UI only commas), items checked', () => {
    expect(parseFieldText(by('tags'), 'a, b ,,c')).toEqual({ ok: true, value: ['a', 'b', 'c'], omit: false });
    expect(parseFieldText(by('tags'), '["a", "b,c"]')).toEqual({ ok: true, value: ['a', 'b,c'], omit: false });
    expect(parseFieldText(by('tags'), 'abcd')).toEqual({ ok: false, message: 'Item 1: At most 3 characters (now 4).' });
    expect(parseFieldText(by('counts'), '1, 2')).toEqual({ ok: true, value: [1, 2], omit: false });
    expect(parseFieldText(by('counts'), '[1, 2.5]')).toEqual({ ok: false, message: 'Item 2: A whole number.' });
    expect(parseFieldText(by('counts'), '1, -1')).toEqual({ ok: false, message: 'Item 2: At least 0.' });
    expect(parseFieldText(by('counts'), '[1,')).toMatchObject({ ok: false });
  });

  it('objects are JSON objects', () => {
    expect(parseFieldText(by('answers'), '{"intent":"x"}')).toEqual({ ok: true, value: { intent: 'x' }, omit: false });
    expect(parseFieldText(by('answers'), '[1]').ok).toBe(false);
    expect(parseFieldText(by('answers'), '{oops').ok).toBe(false);
  });

  it('the confirmation phrase matches exactly, nothing trimmed (the terminal UI trimmed it)', () => {
    const confirm = actionFormFields(deleteChannel).find((f) => f.kind === 'confirm')!;
    expect(parseFieldText(confirm, 'delete channel permanently').ok).toBe(true);
    for (const wrong of ['Delete channel permanently', 'delete channel permanently ', ' delete channel permanently', 'delete  channel permanently', '']) {
      expect(parseFieldText(confirm, wrong)).toEqual({ ok: false, message: 'Type the confirmation exactly: delete channel permanently (case and spaces count).' });
    }
  });

  it('values a script passes are checked by the same rules', () => {
    expect(parseFieldValue(by('months'), 3)).toEqual({ ok: true, value: 3, omit: false });
    expect(parseFieldValue(by('months'), 2.5)).toEqual({ ok: false, message: 'A whole number.' });
    expect(parseFieldValue(by('months'), '4')).toEqual({ ok: true, value: 4, omit: false });
    expect(parseFieldValue(by('resend'), true)).toEqual({ ok: true, value: true, omit: false });
    expect(parseFieldValue(by('tags'), ['a', 'b'])).toEqual({ ok: true, value: ['a', 'b'], omit: false });
    expect(parseFieldValue(by('icon'), null)).toEqual({ ok: true, value: null, omit: false });
    expect(parseFieldValue(by('name'), null).ok).toBe(false);
    expect(parseFieldValue(by('plan'), 'pro')).toEqual({ ok: true, value: 'pro', omit: false });
    expect(parseFieldValue(by('answers'), { a: 1 })).toEqual({ ok: true, value: { a: 1 }, omit: false });
  });

  it('a whole form: typed text in, the input out, or the first field that is wrong', () => {
    const fields = actionFormFields(deleteChannel);
    expect(actionInput(fields, { channelId: '3f2b8c1e-0000-4000-8000-000000000000', confirm: 'Delete channel permanently' })).toEqual({
      ok: false,
      field: 'confirm',
      message: 'Type the confirmation exactly: delete channel permanently (case and spaces count).',
    });
    expect(actionInput(fields, { channelId: 'c1', confirm: 'delete channel permanently' })).toMatchObject({ ok: false, field: 'channelId', message: expect.stringMatching(/^channelId: A UUID/) as unknown });
    expect(actionInput(fields, { confirm: 'delete channel permanently' })).toMatchObject({ ok: false, field: 'channelId', message: 'channelId is required.' });
    expect(actionInput(mixed, { months: '2', tags: 'a,b', icon: 'null', name: ' ' })).toEqual({ ok: true, input: { months: 2, tags: ['a', 'b'], icon: null } });
  });
});

describe('forms from the local service’s list_capabilities, sent', () => {
  let emu: TestEmulator;
  let maria: Client;

  beforeAll(async () => {
    emu = await startEmulator();
    maria = clientFor(emu.url, MARIA_TOKEN);
    return async () => {
      await maria.close();
      await emu.stop();
    };
  });

  it('assign_task with typed text: the id, then null clears', async () => {
    const { commands } = await maria.capabilities();
    const assign = commands.find((c) => c.name === 'assign_task')!;
    const fields = actionFormFields(assign);
    expect(fields.map((f) => f.name)).toEqual(['taskId', 'assigneeUserId', 'assigneeAgentId']);
    const olivia = 'a0000000-0000-4000-8000-000000000001';
    const first = actionInput(fields, { taskId: 'T-3', assigneeUserId: olivia });
    expect(first).toEqual({ ok: true, input: { taskId: 'T-3', assigneeUserId: olivia } });
    if (!first.ok) return;
    await maria.runAction(assign.name, first.input);
    const task = async () => await readTask(maria, 'T-3');
    expect((await task()).assignee_user_id).toBe(olivia);
    const cleared = actionInput(fields, { taskId: 'T-3', assigneeUserId: 'null' });
    if (!cleared.ok) throw new Error(cleared.message);
    await maria.runAction(assign.name, cleared.input);
    expect((await task()).assignee_user_id).toBeNull();
  });

  it('every published schema gives a form whose destructive commands end with the exact phrase', async () => {
    const { commands } = await maria.capabilities();
    for (const c of commands) {
      const fields = actionFormFields(c);
      expect(fields.some((f) => f.name === 'requestId')).toBe(false);
      if (c.risk === 'destructive') expect(fields[fields.length - 1]).toMatchObject({ kind: 'confirm', phrase: confirmPhraseOf(c) });
    }
  });
});
