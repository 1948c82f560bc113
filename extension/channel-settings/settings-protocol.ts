/**
 * The typed message union between the channel settings panel (host) and its webview, and the
 * webview's check of host messages. vscode-free, DOM-free, no runtime import of the API layer (the
 * webview bundles this file); the host's check of webview messages, which needs the contract's env
 * name pattern, is settings-inbound.ts. Env values never travel here: the host asks for a value
 * with a password input and sends it straight to the service; the list carries names, kinds,
 * fingerprints.
 */
import type { Budget, EnvEntry, Link, Member, WarmWorkspace } from '../../shared/index';
import { isArray, isBoolean, isObject, isString, messageChecker, oneOf, optional } from '../panels/message-checker';

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

export const SECTION_NAMES: readonly SectionName[] = ['members', 'links', 'env', 'budget', 'warm'];

/** The webview's check of what the host sent: the top-level shape (the host is trusted code). */
export const parseHostToSettings = messageChecker<HostToSettings>({
  init: { channel: isObject, canAdmin: isBoolean, adminReason: isString },
  section: {
    section: oneOf(SECTION_NAMES),
    members: optional(isArray),
    links: optional(isArray),
    env: optional(isArray),
    budget: optional(isObject),
    warm: optional(isObject),
  },
  sectionError: { section: oneOf(SECTION_NAMES), message: isString, hint: isString },
  notice: { kind: oneOf(['info', 'error']), message: isString, hint: optional(isString) },
});

/** Budget standing in words: "120 of 500 credits used in 2026-11 (24%)". */
export function budgetStanding(b: Budget): string {
  if (b.monthlyCredits === null) return `${b.usedCredits} credits used in ${b.month}; no monthly budget set.`;
  const pct = b.monthlyCredits > 0 ? Math.round((b.usedCredits / b.monthlyCredits) * 100) : 100;
  return `${b.usedCredits} of ${b.monthlyCredits} credits used in ${b.month} (${pct}%).`;
}
