/**
 * The typed message union between the channel settings panel (host) and its webview. vscode-free,
 * DOM-free, type-only imports. Env values never travel here: the host asks for a value with a
 * password input and sends it straight to the service; the list carries names, kinds, fingerprints.
 */
import type { Budget, EnvEntry, Link, Member, WarmWorkspace } from '../../shared/index';

export type SectionName = 'members' | 'links' | 'env' | 'budget' | 'warm';

export type SectionData =
  | { section: 'members'; members: Member[] }
  | { section: 'links'; links: Link[] }
  | { section: 'env'; env: EnvEntry[] }
  | { section: 'budget'; budget: Budget }
  | { section: 'warm'; warm: WarmWorkspace };

export type HostToSettings =
  | { type: 'init'; channel: { id: string; name: string }; canAdmin: boolean; adminReason: string }
  | ({ type: 'section' } & SectionData)
  | { type: 'sectionError'; section: SectionName; message: string; hint: string }
  | { type: 'notice'; kind: 'info' | 'error'; message: string; hint?: string };

export type SettingsToHost =
  | { type: 'ready' }
  | { type: 'refresh' }
  | { type: 'copyMention'; mention: string }
  | { type: 'openLink'; url: string }
  | { type: 'setEnv'; name: string | null }
  | { type: 'deleteEnv'; name: string }
  | { type: 'setBudget' }
  | { type: 'rebuildWarm' };

type Field = 'text' | 'url' | 'envName' | 'envName|null';
const SHAPES: { [K in SettingsToHost['type']]: Record<string, Field> } = {
  ready: {},
  refresh: {},
  copyMention: { mention: 'text' },
  openLink: { url: 'url' },
  setEnv: { name: 'envName|null' },
  deleteEnv: { name: 'envName' },
  setBudget: {},
  rebuildWarm: {},
};

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

function fieldOk(kind: Field, value: unknown): boolean {
  switch (kind) {
    case 'text':
      return typeof value === 'string' && value.length > 0 && value.length <= 200;
    case 'url':
      return typeof value === 'string' && value.length <= 4096 && /^https?:\/\//i.test(value);
    case 'envName':
      return typeof value === 'string' && ENV_NAME.test(value);
    case 'envName|null':
      return value === null || (typeof value === 'string' && ENV_NAME.test(value));
  }
}

/** Exactly one shape of the union (known type, valid fields, no extra keys), else null. */
export function parseSettingsToHost(data: unknown): SettingsToHost | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  if (typeof record.type !== 'string' || !Object.prototype.hasOwnProperty.call(SHAPES, record.type)) return null;
  const shape = SHAPES[record.type as SettingsToHost['type']];
  if (Object.keys(record).some((k) => k !== 'type' && !Object.prototype.hasOwnProperty.call(shape, k))) return null;
  for (const [key, kind] of Object.entries(shape)) if (!fieldOk(kind, record[key])) return null;
  return record as unknown as SettingsToHost;
}

const HOST_TYPES = new Set(['init', 'section', 'sectionError', 'notice']);

export function parseHostToSettings(data: unknown): HostToSettings | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const type = (data as { type?: unknown }).type;
  return typeof type === 'string' && HOST_TYPES.has(type) ? (data as HostToSettings) : null;
}

/** Budget standing in words: "120 of 500 credits used in 2026-11 (24%)". */
export function budgetStanding(b: Budget): string {
  if (b.monthlyCredits === null) return `${b.usedCredits} credits used in ${b.month}; no monthly budget set.`;
  const pct = b.monthlyCredits > 0 ? Math.round((b.usedCredits / b.monthlyCredits) * 100) : 100;
  return `${b.usedCredits} of ${b.monthlyCredits} credits used in ${b.month} (${pct}%).`;
}
