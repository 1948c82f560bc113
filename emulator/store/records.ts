// Internal records as the store keeps them (the wire shapes are in shared/contract/).
import type { ChannelKind, LinkKind, LinkState, Role, RunStatus, Scope } from '../../shared/contract';

export interface PersonRecord {
  id: string;
  name: string;
  handle: string;
  role: Role;
}

export interface AgentRecord {
  id: string;
  name: string;
  handle: string;
  /** The agent's own `mgo_` token, when any (refused on /api/v1). */
  token: string | null;
  auto_reply: boolean;
}

export interface TokenRecord {
  token: string;
  person_id: string;
  name: string;
  scopes: Scope[];
  revoked: boolean;
}

export interface ChannelRecord {
  id: string;
  name: string;
  description: string;
  kind: ChannelKind;
  private: boolean;
  archived: boolean;
  room_icon: string | null;
  created_at: string;
}

export interface MessageRecord {
  id: string;
  channel_id: string;
  parent_id: string | null;
  author_id: string;
  author_kind: 'person' | 'agent';
  body: string;
  created_at: string;
  edited_at: string | null;
  via: string | null;
  run_graph: string | null;
  run_id: string | null;
}

export interface RunRecord {
  id: string;
  channel_id: string;
  requester_id: string;
  agent_id: string | null;
  status: RunStatus;
  started_at: string | null;
  ended_at: string | null;
}

export interface LinkRecord {
  id: string;
  channel_id: string;
  kind: LinkKind;
  url: string;
  repo_full_name: string | null;
  branch: string | null;
  number: number | null;
  state: LinkState | null;
  updated_at: string;
}
