// Tables of the channel domains: env values (fingerprints only: the raw value is never kept, so it
// cannot leak through any read, the state dump included), budgets and warm workspaces.
import { ARTIFACTS_SCHEMA } from './artifacts-store';

export const DOMAINS_SCHEMA = `
CREATE TABLE IF NOT EXISTS env_values (
  channel_id TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL, fingerprint TEXT NOT NULL,
  last_used_at TEXT, updated_at TEXT NOT NULL, PRIMARY KEY (channel_id, name)
);
CREATE TABLE IF NOT EXISTS budgets (
  channel_id TEXT PRIMARY KEY, monthly_credits REAL, used_credits REAL NOT NULL DEFAULT 0, month TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS warm_workspaces (
  channel_id TEXT PRIMARY KEY, status TEXT NOT NULL, stale INTEGER NOT NULL DEFAULT 0, updated_at TEXT
);
${ARTIFACTS_SCHEMA}`;
