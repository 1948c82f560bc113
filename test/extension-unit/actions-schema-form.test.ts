import { describe, expect, it } from 'vitest';
import { confirmPhraseOf, fieldPrompt, formFields, groupCapabilities, parseFieldText } from '../../extension/actions/schema-form';
import type { Capability } from '../../shared/index';

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

describe('capabilities quick pick', () => {
  it('groups by risk in order read, write, admin, destructive, without interactive-only commands', () => {
    const groups = groupCapabilities([
      deleteChannel,
      cap({ name: 'b_write' }),
      cap({ name: 'a_read', risk: 'read' }),
      cap({ name: 'hidden', interactiveOnly: true }),
      cap({ name: 'archive_channel', risk: 'admin' }),
    ]);
    expect(groups.map((g) => [g.risk, g.commands.map((c) => c.name)])).toEqual([
      ['read', ['a_read']],
      ['write', ['b_write']],
      ['admin', ['archive_channel']],
      ['destructive', ['delete_channel']],
    ]);
  });
});

describe('form from inputSchema', () => {
  it('asks required fields first, the confirmation last, never the requestId', () => {
    const fields = formFields(deleteChannel);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['channelId', 'string', true],
      ['confirm', 'confirm', true],
    ]);
    expect(confirmPhraseOf(deleteChannel)).toBe('delete channel permanently');
    expect(fieldPrompt(fields[0]!)).toContain('channelId (required) · uuid');
  });

  it('enums and booleans are picks; optional ones can be left empty', () => {
    const fields = formFields(cap({
      inputSchema: { type: 'object', properties: { plan: { type: 'string', enum: ['pro', 'max'] }, resend: { type: 'boolean' } }, required: ['plan'] },
    }));
    expect(fields[0]!.options?.map((o) => o.label)).toEqual(['pro', 'max']);
    expect(fields[1]!.options?.map((o) => o.label)).toEqual(['true', 'false', '(leave empty)']);
    expect(parseFieldText(fields[1]!, '(leave empty)')).toEqual({ ok: true, value: undefined, omit: true });
    expect(parseFieldText(fields[1]!, 'false')).toEqual({ ok: true, value: false, omit: false });
    expect(parseFieldText(fields[0]!, 'free').ok).toBe(false);
  });

  it('validates numbers, strings, uuids, patterns and JSON objects', () => {
    const fields = formFields(cap({
      inputSchema: {
        type: 'object',
        properties: {
          months: { type: 'integer', minimum: 1, maximum: 12 },
          name: { type: 'string', minLength: 1, maxLength: 5 },
          id: { type: 'string', format: 'uuid' },
          icon: { type: ['string', 'null'], pattern: '^icon:[a-z]+$' },
          answers: { type: 'object' },
        },
        required: ['months'],
      },
    }));
    const by = (n: string) => fields.find((f) => f.name === n)!;
    expect(parseFieldText(by('months'), '13')).toEqual({ ok: false, message: 'At most 12.' });
    expect(parseFieldText(by('months'), '1.5')).toEqual({ ok: false, message: 'A whole number.' });
    expect(parseFieldText(by('months'), '')).toEqual({ ok: false, message: 'months is required.' });
    expect(parseFieldText(by('months'), '3')).toEqual({ ok: true, value: 3, omit: false });
    expect(parseFieldText(by('name'), 'toolong').ok).toBe(false);
    expect(parseFieldText(by('name'), '')).toEqual({ ok: true, value: undefined, omit: true });
    expect(parseFieldText(by('id'), 'nope').ok).toBe(false);
    expect(parseFieldText(by('id'), '3f2b8c1e-0000-4000-8000-000000000000').ok).toBe(true);
    expect(parseFieldText(by('icon'), 'null')).toEqual({ ok: true, value: null, omit: false });
    expect(parseFieldText(by('icon'), 'emoji').ok).toBe(false);
    expect(parseFieldText(by('icon'), 'icon:rocket').ok).toBe(true);
    expect(parseFieldText(by('answers'), '{"intent":"x"}')).toEqual({ ok: true, value: { intent: 'x' }, omit: false });
    expect(parseFieldText(by('answers'), '[1]').ok).toBe(false);
  });

  it('refuses anything but the exact confirmation phrase', () => {
    const confirm = formFields(deleteChannel).find((f) => f.kind === 'confirm')!;
    expect(parseFieldText(confirm, 'delete channel permanently').ok).toBe(true);
    for (const wrong of ['Delete channel permanently', 'delete channel permanently ', 'delete  channel permanently', '']) {
      expect(parseFieldText(confirm, wrong).ok).toBe(false);
    }
  });
});
