import { describe, expect, it } from 'vitest';
import { parseAutomationsToHost, parseHostToAutomations } from '../../../extension/automations/automations-protocol';
import { parseSettingsToHost } from '../../../extension/channel-settings/settings-inbound';
import { budgetStanding, parseHostToSettings } from '../../../extension/channel-settings/settings-protocol';

describe('automations message union', () => {
  it('accepts exactly the shapes of the union', () => {
    expect(parseAutomationsToHost({ type: 'toggle', automationId: 'a1', enabled: false })).toEqual({ type: 'toggle', automationId: 'a1', enabled: false });
    expect(parseAutomationsToHost({ type: 'toggle', automationId: 'a1', enabled: 'no' })).toBeNull();
    expect(parseAutomationsToHost({ type: 'delete', automationId: 'a1', force: true })).toBeNull();
    expect(parseAutomationsToHost({ type: 'delete', automationId: '../a' })).toBeNull();
    expect(parseAutomationsToHost({ type: 'save', requestId: 'r1', draft: {} })).toEqual({ type: 'save', requestId: 'r1', draft: {} });
    expect(parseAutomationsToHost({ type: 'save', requestId: 'r1' })).toBeNull();
    expect(parseAutomationsToHost({ type: 'copyWebhookKey' })).toEqual({ type: 'copyWebhookKey' });
    expect(parseAutomationsToHost({ type: 'constructor' })).toBeNull();
    expect(parseAutomationsToHost([])).toBeNull();
    expect(parseHostToAutomations({ type: 'busy', busy: true })).toEqual({ type: 'busy', busy: true });
    expect(parseHostToAutomations({ type: 'script' })).toBeNull();
  });
});

describe('channel settings message union', () => {
  it('never carries an env value and checks names and URLs', () => {
    expect(parseSettingsToHost({ type: 'setEnv', name: null })).toEqual({ type: 'setEnv', name: null });
    expect(parseSettingsToHost({ type: 'setEnv', name: 'API_KEY' })).toEqual({ type: 'setEnv', name: 'API_KEY' });
    expect(parseSettingsToHost({ type: 'setEnv', name: 'API_KEY', value: 'secret' })).toBeNull();
    expect(parseSettingsToHost({ type: 'deleteEnv', name: 'bad name' })).toBeNull();
    expect(parseSettingsToHost({ type: 'openLink', url: 'https://github.com/acme/app' })).toEqual({ type: 'openLink', url: 'https://github.com/acme/app' });
    expect(parseSettingsToHost({ type: 'openLink', url: 'javascript:alert(1)' })).toBeNull();
    expect(parseSettingsToHost({ type: 'copyMention', mention: '' })).toBeNull();
    expect(parseHostToSettings({ type: 'section', section: 'env', env: [] })).toMatchObject({ type: 'section' });
    expect(parseHostToSettings({ type: 'eval' })).toBeNull();
  });

  it('says where the budget stands this month', () => {
    expect(budgetStanding({ monthlyCredits: 500, usedCredits: 120, month: '2026-11' })).toBe('120 of 500 credits used in 2026-11 (24%).');
    expect(budgetStanding({ monthlyCredits: null, usedCredits: 3, month: '2026-11' })).toBe('3 credits used in 2026-11; no monthly budget set.');
  });
});
