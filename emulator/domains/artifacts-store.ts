// Published native apps ("artifacts") of a room: a small table, fixture loading and the wire shape.
// The public URL is `https://<address>.<APPS_DOMAIN>` (a decision of ours for the local service).
import type { Services } from '../types';

export const APPS_DOMAIN = 'apps.localhost';

export const ARTIFACTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS artifacts (
  id TEXT PRIMARY KEY, channel_id TEXT NOT NULL, title TEXT NOT NULL, address TEXT UNIQUE,
  published INTEGER NOT NULL DEFAULT 1, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
`;

export interface ArtifactRow {
  id: string;
  channel_id: string;
  title: string;
  address: string | null;
  published: number;
  created_at: string;
  updated_at: string;
}

export interface Artifact {
  id: string;
  channel_id: string;
  title: string;
  address: string | null;
  url: string | null;
  published: boolean;
  created_at: string;
  updated_at: string;
}

export function appUrl(address: string): string {
  return `https://${address}.${APPS_DOMAIN}`;
}

export function artifactOut(r: ArtifactRow): Artifact {
  return {
    id: r.id,
    channel_id: r.channel_id,
    title: r.title,
    address: r.address,
    url: r.address ? appUrl(r.address) : null,
    published: r.published === 1,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export function findArtifact(svc: Services, id: string): ArtifactRow | null {
  return (svc.db.prepare('SELECT * FROM artifacts WHERE id = ?').get(id) as ArtifactRow | undefined) ?? null;
}

export interface FixtureArtifact {
  id: string;
  channel_id: string;
  title: string;
  address?: string | null;
  published?: boolean;
}

export function loadArtifacts(svc: Services, list: unknown): void {
  if (!Array.isArray(list)) return;
  const insert = svc.db.prepare('INSERT INTO artifacts (id, channel_id, title, address, published, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const a of list as FixtureArtifact[]) {
    const at = svc.nextTimestamp();
    insert.run(a.id, a.channel_id, a.title, a.address ?? null, a.published === false ? 0 : 1, at, at);
  }
}
