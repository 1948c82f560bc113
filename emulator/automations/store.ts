// Automation rows <-> the wire shape, and the run history. Webhook keys are stored only as a hash.
import type { Automation, AutomationAction, AutomationRun, AutomationTrigger, TriggerKind } from '../../shared/contract';
import type { Services } from '../types';

export const AUTOMATIONS_SCHEMA = `
CREATE TABLE IF NOT EXISTS automations (
  id TEXT PRIMARY KEY, channel_id TEXT NOT NULL, name TEXT NOT NULL, trigger TEXT NOT NULL, actions TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1, author_id TEXT NOT NULL, webhook_key_hash TEXT, next_due_at INTEGER,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS automation_runs (
  id TEXT PRIMARY KEY, automation_id TEXT NOT NULL, at TEXT NOT NULL, trigger_kind TEXT NOT NULL, status TEXT NOT NULL, detail TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS automation_runs_by_automation ON automation_runs (automation_id, at);
`;

/** Run history shown per automation (newest first). */
export const RUNS_SHOWN = 20;

export interface AutomationRow {
  id: string;
  channel_id: string;
  name: string;
  trigger: string;
  actions: string;
  enabled: number;
  author_id: string;
  webhook_key_hash: string | null;
  next_due_at: number | null;
  created_at: string;
  updated_at: string;
}

export function triggerOf(row: AutomationRow): AutomationTrigger {
  return JSON.parse(row.trigger) as AutomationTrigger;
}

export function actionsOf(row: AutomationRow): AutomationAction[] {
  return JSON.parse(row.actions) as AutomationAction[];
}

export function findAutomation(svc: Services, id: string): AutomationRow | null {
  return (svc.db.prepare('SELECT * FROM automations WHERE id = ?').get(id) as AutomationRow | undefined) ?? null;
}

export function automationsOfChannel(svc: Services, channelId: string): AutomationRow[] {
  return svc.db.prepare('SELECT * FROM automations WHERE channel_id = ? ORDER BY created_at').all(channelId) as AutomationRow[];
}

export function enabledWithTrigger(svc: Services, kind: TriggerKind): AutomationRow[] {
  return (svc.db.prepare('SELECT * FROM automations WHERE enabled = 1 ORDER BY created_at').all() as AutomationRow[]).filter((r) => triggerOf(r).kind === kind);
}

export function runsOf(svc: Services, automationId: string): AutomationRun[] {
  return svc.db
    .prepare('SELECT id, at, trigger_kind, status, detail FROM automation_runs WHERE automation_id = ? ORDER BY at DESC LIMIT ?')
    .all(automationId, RUNS_SHOWN) as AutomationRun[];
}

export function toWire(svc: Services, row: AutomationRow): Automation {
  return {
    id: row.id,
    channel_id: row.channel_id,
    name: row.name,
    trigger: triggerOf(row),
    actions: actionsOf(row),
    enabled: row.enabled === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    runs: runsOf(svc, row.id),
  };
}

export function recordRun(svc: Services, automationId: string, kind: TriggerKind, status: 'ok' | 'error', detail: string): AutomationRun {
  const run: AutomationRun = { id: svc.newId(), at: svc.nextTimestamp(), trigger_kind: kind, status, detail };
  svc.db.prepare('INSERT INTO automation_runs (id, automation_id, at, trigger_kind, status, detail) VALUES (?, ?, ?, ?, ?, ?)').run(run.id, automationId, run.at, kind, status, detail);
  return run;
}

export function deleteAutomation(svc: Services, id: string): void {
  svc.db.prepare('DELETE FROM automation_runs WHERE automation_id = ?').run(id);
  svc.db.prepare('DELETE FROM automations WHERE id = ?').run(id);
}
