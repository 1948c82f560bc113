import { describe, expect, it } from 'vitest';
import { describeAutomation, draftFrom, emptyActionDraft, emptyDraft, parseDraft, validateAutomationDraft } from '../../../extension/automations/automation-form';
import type { Automation } from '../../../shared';

function fields(check: ReturnType<typeof validateAutomationDraft>): string[] {
  return check.ok ? [] : check.errors.map((e) => e.field);
}

describe('automation form validation', () => {
  it('turns a filled form into the upsert body', () => {
    const d = emptyDraft();
    d.name = '  Deploy echo ';
    d.trigger.contains = 'deploy now';
    d.actions[0]!.text = '{{author}} asked for a deploy';
    const check = validateAutomationDraft(d);
    expect(check).toEqual({
      ok: true,
      input: { name: 'Deploy echo', enabled: true, trigger: { kind: 'message', options: { contains: 'deploy now' } }, actions: [{ kind: 'post_message', options: { text: '{{author}} asked for a deploy' } }] },
    });
  });

  it('reports every problem at once, by field', () => {
    const d = emptyDraft();
    d.trigger.kind = 'schedule';
    d.trigger.everyMinutes = '10';
    d.actions = [emptyActionDraft('ask_agent'), { ...emptyActionDraft(), kind: 'dance' }];
    expect(fields(validateAutomationDraft(d))).toEqual(['name', 'trigger.everyMinutes', 'actions.0.agentId', 'actions.0.prompt', 'actions.1.kind']);
  });

  it('applies the schedule minimum of 15 minutes and whole numbers', () => {
    const d = emptyDraft();
    d.name = 'tick';
    d.actions[0]!.text = 'hi';
    d.trigger.kind = 'schedule';
    for (const bad of ['14', '15.5', 'abc', '']) {
      d.trigger.everyMinutes = bad;
      expect(fields(validateAutomationDraft(d))).toEqual(['trigger.everyMinutes']);
    }
    d.trigger.everyMinutes = '15';
    const ok = validateAutomationDraft(d);
    expect(ok.ok && ok.input.trigger).toEqual({ kind: 'schedule', options: { everyMinutes: 15 } });
  });

  it('needs 1 to 5 actions', () => {
    const d = emptyDraft();
    d.name = 'n';
    d.actions = [];
    expect(fields(validateAutomationDraft(d))).toEqual(['actions']);
    d.actions = Array.from({ length: 6 }, () => ({ ...emptyActionDraft('add_reaction'), emoji: '👍' }));
    expect(fields(validateAutomationDraft(d))).toEqual(['actions']);
    d.actions = d.actions.slice(0, 5);
    expect(validateAutomationDraft(d).ok).toBe(true);
  });

  it('webhook and other triggers take no options; editing keeps the id', () => {
    const a: Automation = {
      id: 'a1', channel_id: 'c', name: 'Hook', enabled: false, created_at: '', updated_at: '', runs: [],
      trigger: { kind: 'webhook', options: {} }, actions: [{ kind: 'ask_agent', options: { agentId: 'ag', prompt: 'look' } }],
    };
    const check = validateAutomationDraft(draftFrom(a));
    expect(check).toEqual({ ok: true, input: { automation_id: 'a1', name: 'Hook', enabled: false, trigger: { kind: 'webhook', options: {} }, actions: a.actions } });
    expect(describeAutomation(a)).toBe('A webhook is called → ask an agent');
  });

  it('parseDraft accepts only the form shape from the webview', () => {
    const d = emptyDraft();
    expect(parseDraft(JSON.parse(JSON.stringify(d)))).toEqual(d);
    expect(parseDraft({ ...d, name: 3 })).toBeNull();
    expect(parseDraft({ ...d, actions: [{ kind: 'post_message' }] })).toBeNull();
    expect(parseDraft(null)).toBeNull();
  });
});
