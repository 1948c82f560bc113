/**
 * The typed message union between the automations panel (host) and its webview, both directions
 * checked with the panels' one message checker. vscode-free and DOM-free, with no runtime import of
 * the API layer, so media/automations.ts bundles it. The draft's values are checked by
 * automation-form.ts in the host before anything is sent.
 */
import type { ActionKind, TriggerKind } from '../../shared/index';
import { isArray, isBoolean, isId, isObject, isPresent, isString, messageChecker, oneOf, optional } from '../panels/message-checker';
import type { AutomationDraft, FieldError } from './automation-form';

/** The form's vocabulary, for the webview (which must not import the form's checks). */
export type { ActionDraft, AutomationDraft, FieldError } from './automation-form';

export interface AutomationRunView {
  at: string;
  status: 'ok' | 'error';
  triggerKind: string;
  detail: string;
}

export interface AutomationView {
  id: string;
  name: string;
  enabled: boolean;
  /** One line: trigger → actions. */
  summary: string;
  updatedAt: string;
  runs: AutomationRunView[];
  /** The edit form of this automation. */
  draft: AutomationDraft;
}

export type HostToAutomations =
  | {
      type: 'init';
      channel: { id: string; name: string };
      triggerKinds: { kind: TriggerKind; label: string }[];
      actionKinds: { kind: ActionKind; label: string }[];
      limits: { actionsMin: number; actionsMax: number; scheduleMinMinutes: number };
      emptyDraft: AutomationDraft;
    }
  | { type: 'list'; automations: AutomationView[]; isAdmin: boolean; adminReason: string }
  | { type: 'formErrors'; requestId: string; errors: FieldError[]; message: string; hint: string }
  | { type: 'saved'; requestId: string; automationId: string; created: boolean }
  /** Shown once: the host keeps the key in memory only until dismissed or the panel closes. */
  | { type: 'webhookKey'; automationId: string; name: string; key: string; path: string }
  | { type: 'webhookKeyCleared' }
  | { type: 'notice'; kind: 'info' | 'error'; message: string; hint?: string }
  | { type: 'busy'; busy: boolean };

export type AutomationsToHost =
  | { type: 'ready' }
  | { type: 'refresh' }
  | { type: 'save'; requestId: string; draft: unknown }
  | { type: 'toggle'; automationId: string; enabled: boolean }
  | { type: 'delete'; automationId: string }
  | { type: 'copyWebhookKey' }
  | { type: 'dismissWebhookKey' };

/** Exactly one shape of the union, else null: what the host accepts from the webview. */
export const parseAutomationsToHost = messageChecker<AutomationsToHost>({
  ready: {},
  refresh: {},
  save: { requestId: isId, draft: isPresent },
  toggle: { automationId: isId, enabled: isBoolean },
  delete: { automationId: isId },
  copyWebhookKey: {},
  dismissWebhookKey: {},
});

const isNoticeKind = oneOf(['info', 'error']);

/** The webview's check of what the host sent: the top-level shape (the host is trusted code). */
export const parseHostToAutomations = messageChecker<HostToAutomations>({
  init: { channel: isObject, triggerKinds: isArray, actionKinds: isArray, limits: isObject, emptyDraft: isObject },
  list: { automations: isArray, isAdmin: isBoolean, adminReason: isString },
  formErrors: { requestId: isString, errors: isArray, message: isString, hint: isString },
  saved: { requestId: isString, automationId: isString, created: isBoolean },
  webhookKey: { automationId: isString, name: isString, key: isString, path: isString },
  webhookKeyCleared: {},
  notice: { kind: isNoticeKind, message: isString, hint: optional(isString) },
  busy: { busy: isBoolean },
});
