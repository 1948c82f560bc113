// Tables of the generic actions (reactions, pins, statuses, founder invitations, onboarding,
// dispatch proposals). Idempotent: runs on every start.
export const ACTIONS_SCHEMA = `
CREATE TABLE IF NOT EXISTS reactions (
  message_id TEXT NOT NULL, person_id TEXT NOT NULL, emoji TEXT NOT NULL, created_at TEXT NOT NULL,
  PRIMARY KEY (message_id, person_id, emoji)
);
CREATE TABLE IF NOT EXISTS pins (
  message_id TEXT PRIMARY KEY, channel_id TEXT NOT NULL, pinned_by TEXT NOT NULL, pinned_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS person_status (
  person_id TEXT PRIMARY KEY, emoji TEXT NOT NULL, text TEXT NOT NULL, expires_at TEXT, updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS person_flags (person_id TEXT PRIMARY KEY, founder INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS created_workspaces (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, owner_id TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS founder_invites (
  id TEXT PRIMARY KEY, email TEXT NOT NULL, plan TEXT NOT NULL, months INTEGER NOT NULL, subject TEXT NOT NULL,
  note TEXT NOT NULL, notes TEXT NOT NULL DEFAULT '', accept_within_days INTEGER NOT NULL, credits_per_month INTEGER NOT NULL,
  status TEXT NOT NULL, link_secret TEXT NOT NULL, created_by TEXT NOT NULL, created_at TEXT NOT NULL,
  accept_by TEXT NOT NULL, sent_at TEXT, claimed_at TEXT, revoked_at TEXT
);
CREATE TABLE IF NOT EXISTS founder_invite_attempts (
  id TEXT PRIMARY KEY, invite_id TEXT NOT NULL, request_id TEXT NOT NULL, kind TEXT NOT NULL, tries INTEGER NOT NULL,
  status TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS onboarding (
  workspace_id TEXT PRIMARY KEY, answers TEXT NOT NULL, finished_at TEXT, doc_id TEXT, updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS dispatches (
  id TEXT PRIMARY KEY, automation_id TEXT, channel_id TEXT NOT NULL, agent_id TEXT NOT NULL, task_id TEXT NOT NULL,
  prompt TEXT NOT NULL, proposal_message_id TEXT, status TEXT NOT NULL, approved_by TEXT, run_id TEXT,
  created_at TEXT NOT NULL, approved_at TEXT
);
`;
