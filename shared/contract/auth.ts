// Scopes, roles and token kinds.

export const SCOPES = {
  read: 'workspace:read',
  write: 'workspace:write',
  admin: 'workspace:admin',
} as const;
export type Scope = (typeof SCOPES)[keyof typeof SCOPES];

export type Role = 'owner' | 'admin' | 'member' | 'guest';

export const PERSONAL_TOKEN_PREFIX = 'hpt_';
export const AGENT_TOKEN_PREFIX = 'mgo_';
