// The fixture format (design.md "The local service ... Fixture"): types only, so the services' type
// (emulator/types.ts) can name them without importing the loader.
import type {
  AutomationAction,
  AutomationTrigger,
  ChannelKind,
  LinkKind,
  LinkState,
  Redaction,
  Role,
  RunGraph,
  RunStatus,
  Scope,
  TaskKind,
  TaskPriority,
  TaskStatus,
} from '../shared/contract';

export interface FixtureWorkspace {
  id: string;
  name: string;
}
export interface FixturePerson {
  id: string;
  name: string;
  handle: string;
  role: Role;
}
export interface FixtureToken {
  token: string;
  /** Person id. */
  person: string;
  name: string;
  scopes: Scope[];
  revoked?: boolean;
}
export interface FixtureAgent {
  id: string;
  name: string;
  handle: string;
  token?: string;
  autoReply?: boolean;
}
export interface FixtureChannel {
  id: string;
  name: string;
  description?: string;
  kind?: ChannelKind;
  private?: boolean;
  archived?: boolean;
  /** Person and agent ids. */
  members: string[];
  room_icon?: string | null;
}
export interface FixtureMessage {
  id: string;
  channel_id: string;
  author_id: string;
  body: string;
  parent_id?: string;
  created_at?: string;
  edited_at?: string;
  via?: string;
  runGraph?: RunGraph;
  run_id?: string;
}
/**
 * (ours) `count` numbered top-level messages the loader writes itself, so a history of a million
 * messages needs no fixture file of that size. Message i (0 = the oldest) has the id
 * `${id_prefix}${i}`, the author `author_ids[i % n]`, the body with every `{i}` replaced by i, and
 * created_at `start` + i × `step_ms`.
 */
export interface FixtureMessageRun {
  channel_id: string;
  count: number;
  author_ids: string[];
  body: string;
  id_prefix: string;
  start: string;
  step_ms: number;
}
export interface FixtureDoc {
  id: string;
  title: string;
  body?: string;
  parent_id?: string | null;
  is_folder?: boolean;
  mirrors_rules_file?: boolean;
  created_at?: string;
  updated_at?: string;
}
export interface FixtureTask {
  id?: string;
  number?: number;
  title: string;
  description?: string;
  kind?: TaskKind;
  status?: TaskStatus;
  priority?: TaskPriority;
  epic_id?: string | null;
  channel_id?: string | null;
  labels?: string[];
  assignee_user_id?: string | null;
  assignee_agent_id?: string | null;
  pr_url?: string | null;
  pr_number?: number | null;
  repo_full_name?: string | null;
  branch?: string | null;
  created_at?: string;
}
export interface FixtureRunEvent {
  seq?: number;
  name: string;
  version?: number;
  runtime?: string;
  lane?: string;
  at?: string;
  redaction?: Redaction;
  payload?: unknown;
}
export interface FixtureRun {
  id: string;
  channel_id: string;
  requester_id: string;
  agent_id?: string | null;
  status: RunStatus;
  started_at?: string;
  ended_at?: string;
  events?: FixtureRunEvent[];
}
export interface FixtureLink {
  channel_id: string;
  kind: LinkKind;
  url: string;
  repo_full_name?: string | null;
  branch?: string | null;
  number?: number | null;
  state?: LinkState | null;
}
export interface FixtureAutomation {
  id: string;
  channel_id: string;
  name: string;
  trigger: AutomationTrigger;
  actions: AutomationAction[];
  enabled?: boolean;
  /** For webhook triggers: the key the inbound call must carry. */
  webhook_key?: string;
}
export interface FixtureFeatures {
  zeroToOne?: boolean;
  warmWorkspaces?: boolean;
}
export interface FixtureLimits {
  requestsPerWindow: number;
  windowMs: number;
}

export interface Fixture {
  workspace: FixtureWorkspace;
  people: FixturePerson[];
  tokens: FixtureToken[];
  agents?: FixtureAgent[];
  channels: FixtureChannel[];
  messages?: FixtureMessage[];
  messageRuns?: FixtureMessageRun[];
  docs?: FixtureDoc[];
  tasks?: FixtureTask[];
  runs?: FixtureRun[];
  /** (ours) stored channel links; pull requests linked from a channel's tasks are added to them. */
  links?: FixtureLink[];
  automations?: FixtureAutomation[];
  features?: FixtureFeatures;
  limits?: FixtureLimits;
  /** Parts other modules read (env, budgets, warm workspaces, artifacts...). */
  [extension: string]: unknown;
}
