// Core tables. Other parts add their own tables through the `schema` field of their module
// (emulator/routes/index.ts lists the modules); every statement must be idempotent
// (CREATE TABLE IF NOT EXISTS) because it runs on every start, also on an existing --data file.
export const CORE_SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS people (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, handle TEXT NOT NULL UNIQUE, role TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS agents (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, handle TEXT NOT NULL UNIQUE, token TEXT, auto_reply INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tokens (
  token TEXT PRIMARY KEY, person_id TEXT NOT NULL, name TEXT NOT NULL, scopes TEXT NOT NULL, revoked INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS channels (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', kind TEXT NOT NULL,
  private INTEGER NOT NULL DEFAULT 0, archived INTEGER NOT NULL DEFAULT 0, room_icon TEXT, created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS channel_members (
  channel_id TEXT NOT NULL, member_id TEXT NOT NULL, member_kind TEXT NOT NULL, PRIMARY KEY (channel_id, member_id)
);
CREATE TABLE IF NOT EXISTS messages (
  id TEXT PRIMARY KEY, channel_id TEXT NOT NULL, parent_id TEXT, author_id TEXT NOT NULL, author_kind TEXT NOT NULL,
  body TEXT NOT NULL, created_at TEXT NOT NULL UNIQUE, edited_at TEXT, via TEXT, run_graph TEXT, run_id TEXT
);
CREATE INDEX IF NOT EXISTS messages_channel ON messages (channel_id, parent_id, created_at);
CREATE INDEX IF NOT EXISTS messages_parent ON messages (parent_id, created_at);
CREATE INDEX IF NOT EXISTS messages_channel_time ON messages (channel_id, created_at);
-- The handles each message can mention (store/mention-tokens.ts), kept by triggers on every write
-- path, so a person's mentions are an index range newest or oldest first, whatever the history.
-- The trigger function wsc_mention_tokens is registered when the store opens (db.ts).
CREATE TABLE IF NOT EXISTS message_mentions (
  token TEXT NOT NULL, created_at TEXT NOT NULL, message_id TEXT NOT NULL, PRIMARY KEY (token, created_at, message_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS message_mentions_message ON message_mentions (message_id);
CREATE TRIGGER IF NOT EXISTS message_mentions_insert AFTER INSERT ON messages WHEN instr(NEW.body, '@') > 0 BEGIN
  INSERT OR IGNORE INTO message_mentions (token, created_at, message_id)
    SELECT value, NEW.created_at, NEW.id FROM json_each(wsc_mention_tokens(NEW.body));
END;
CREATE TRIGGER IF NOT EXISTS message_mentions_update AFTER UPDATE OF body, created_at ON messages BEGIN
  DELETE FROM message_mentions WHERE message_id = OLD.id;
  INSERT OR IGNORE INTO message_mentions (token, created_at, message_id)
    SELECT value, NEW.created_at, NEW.id FROM json_each(wsc_mention_tokens(NEW.body)) WHERE instr(NEW.body, '@') > 0;
END;
CREATE TRIGGER IF NOT EXISTS message_mentions_delete AFTER DELETE ON messages BEGIN
  DELETE FROM message_mentions WHERE message_id = OLD.id;
END;
CREATE TABLE IF NOT EXISTS docs (
  id TEXT PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL, parent_id TEXT, is_folder INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, mirrors_rules_file INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tasks (
  id TEXT PRIMARY KEY, number INTEGER NOT NULL UNIQUE, title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL, status TEXT NOT NULL, priority INTEGER NOT NULL DEFAULT 0, epic_id TEXT, channel_id TEXT,
  labels TEXT NOT NULL DEFAULT '[]', assignee_user_id TEXT, assignee_agent_id TEXT, pr_url TEXT, pr_number INTEGER,
  repo_full_name TEXT, branch TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tasks_status ON tasks (status, number);
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY, channel_id TEXT NOT NULL, requester_id TEXT NOT NULL, agent_id TEXT, status TEXT NOT NULL,
  started_at TEXT, ended_at TEXT
);
CREATE TABLE IF NOT EXISTS run_events (
  run_id TEXT NOT NULL, seq INTEGER NOT NULL, name TEXT NOT NULL, version INTEGER NOT NULL, runtime TEXT NOT NULL,
  lane TEXT NOT NULL, at TEXT NOT NULL, redaction TEXT, payload TEXT NOT NULL, PRIMARY KEY (run_id, seq)
);
CREATE TABLE IF NOT EXISTS links (
  id TEXT PRIMARY KEY, channel_id TEXT NOT NULL, kind TEXT NOT NULL, url TEXT NOT NULL, repo_full_name TEXT,
  branch TEXT, number INTEGER, state TEXT, updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS pull_requests (url TEXT PRIMARY KEY, state TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS receipts (
  token_key TEXT NOT NULL, scope TEXT NOT NULL, key TEXT NOT NULL, request_hash TEXT NOT NULL,
  status INTEGER NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (token_key, scope, key)
);
CREATE TABLE IF NOT EXISTS receipt_grants (
  token_key TEXT NOT NULL, scope TEXT NOT NULL, key TEXT NOT NULL, role TEXT NOT NULL, channels TEXT NOT NULL,
  PRIMARY KEY (token_key, scope, key)
);
`;
