/**
 * The typed message union between the automations panel (host) and its webview. vscode-free and
 * DOM-free, with no runtime imports, so media/automations.ts bundles it without the API layer.
 * The draft's values are checked by automation-form.ts in the host before anything is sent.
 */
import type { ActionKind, TriggerKind } from '../../shared/index';
import type { AutomationDraft, FieldError } from './automation-form';

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

type Field = 'id' | 'bool' | 'any';
const SHAPES: { [K in AutomationsToHost['type']]: Record<string, Field> } = {
  ready: {},
  refresh: {},
  save: { requestId: 'id', draft: 'any' },
  toggle: { automationId: 'id', enabled: 'bool' },
  delete: { automationId: 'id' },
  copyWebhookKey: {},
  dismissWebhookKey: {},
};

const ID = /^[A-Za-z0-9_.:-]{1,200}$/;

function fieldOk(kind: Field, value: unknown): boolean {
  if (kind === 'id') return typeof value === 'string' && ID.test(value);
  if (kind === 'bool') return typeof value === 'boolean';
  return value !== undefined;
}

/** Exactly one shape of the union (known type, valid fields, no extra keys), else null. */
export function parseAutomationsToHost(data: unknown): AutomationsToHost | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  if (typeof record.type !== 'string' || !Object.prototype.hasOwnProperty.call(SHAPES, record.type)) return null;
  const shape = SHAPES[record.type as AutomationsToHost['type']];
  if (Object.keys(record).some((k) => k !== 'type' && !Object.prototype.hasOwnProperty.call(shape, k))) return null;
  for (const [key, kind] of Object.entries(shape)) if (!fieldOk(kind, record[key])) return null;
  return record as unknown as AutomationsToHost;
}

const HOST_TYPES = new Set(['init', 'list', 'formErrors', 'saved', 'webhookKey', 'webhookKeyCleared', 'notice', 'busy']);

/** The webview's check of what the host sent: a known type with an object body (the host is trusted code). */
export function parseHostToAutomations(data: unknown): HostToAutomations | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const type = (data as { type?: unknown }).type;
  return typeof type === 'string' && HOST_TYPES.has(type) ? (data as HostToAutomations) : null;
}
