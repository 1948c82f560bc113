// Room environment values: GET lists names, kinds, fingerprints and last use; PUT/DELETE are for
// admins and need the teamspace's Zero to one feature. Values are write-only.
import { DeleteEnvQuerySchema } from '../../shared/contract';
import { ConfirmationSchema, EnvResponseSchema, PutEnvInputSchema } from '../../shared/contract';
import { API_PREFIX, type EnvEntry, type EnvKind } from '../../shared/contract';
import { ok } from '../dispatch';
import { notFound, permissionRequired } from '../errors';
import { route } from '../route';
import type { RequestContext, Route, Services } from '../types';
import { fingerprint } from './fingerprint';
import { settingsChannel } from './guard';

const PATH = `${API_PREFIX}/channels/:id/env`;

function requireZeroToOne(ctx: RequestContext): void {
  if (!ctx.svc.features().zeroToOne) {
    throw permissionRequired('Environment values need the Zero to one feature, which is off for this teamspace.', 'Ask a workspace owner to enable Zero to one for the teamspace, then try again.');
  }
}

export function setEnvValue(svc: Services, channelId: string, name: string, kind: EnvKind, value: string): EnvEntry {
  const print = fingerprint(value);
  svc.db
    .prepare(
      `INSERT INTO env_values (channel_id, name, kind, fingerprint, last_used_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?)
       ON CONFLICT (channel_id, name) DO UPDATE SET kind = excluded.kind, fingerprint = excluded.fingerprint, updated_at = excluded.updated_at`,
    )
    .run(channelId, name, kind, print, svc.clock.nowIso());
  const row = svc.db.prepare('SELECT last_used_at FROM env_values WHERE channel_id = ? AND name = ?').get(channelId, name) as { last_used_at: string | null };
  return { name, kind, fingerprint: print, last_used_at: row.last_used_at };
}

/** A run used the room's values (the demo agent calls this). */
export function markEnvUsed(svc: Services, channelId: string): void {
  svc.db.prepare('UPDATE env_values SET last_used_at = ? WHERE channel_id = ?').run(svc.clock.nowIso(), channelId);
}

export const envRoutes: Route[] = [
  {
    method: 'GET',
    path: PATH,
    summary: 'Environment value names, kinds, fingerprints, last use', tag: 'env', params: { id: 'Channel id' }, answer: { schema: EnvResponseSchema },
    handler(ctx) {
      const channel = settingsChannel(ctx);
      const env = ctx.svc.db.prepare('SELECT name, kind, fingerprint, last_used_at FROM env_values WHERE channel_id = ? ORDER BY name').all(channel.id) as EnvEntry[];
      return ok({ env });
    },
  },
  route({
    method: 'PUT',
    path: PATH,
    summary: 'Write one write-only value (admins; Zero to one feature)', tag: 'env', params: { id: 'Channel id' }, body: PutEnvInputSchema, answer: { schema: ConfirmationSchema },
    confirmation: true,
    auth: 'admin',
    handler(ctx) {
      const channel = settingsChannel(ctx);
      requireZeroToOne(ctx);
      const { body } = ctx;
      const entry = setEnvValue(ctx.svc, channel.id, body.name, body.kind, body.value);
      return ok({ ok: true, name: entry.name, kind: entry.kind, fingerprint: entry.fingerprint });
    },
  }),
  route({
    method: 'DELETE',
    path: PATH,
    summary: 'Delete one value (admins; Zero to one feature)', tag: 'env', params: { id: 'Channel id' }, query: DeleteEnvQuerySchema, answer: { schema: ConfirmationSchema },
    confirmation: true,
    auth: 'admin',
    handler(ctx) {
      const channel = settingsChannel(ctx);
      requireZeroToOne(ctx);
      const { name } = ctx.query;
      const removed = ctx.svc.db.prepare('DELETE FROM env_values WHERE channel_id = ? AND name = ?').run(channel.id, name).changes;
      if (removed === 0) throw notFound(`The env value ${name}`, 'GET the channel env to see its names.');
      return ok({ ok: true, name });
    },
  }),
];

export function loadEnv(svc: Services, list: unknown): void {
  if (!Array.isArray(list)) return;
  for (const e of list as Array<{ channel_id: string; name: string; kind?: EnvKind; value: string }>) {
    setEnvValue(svc, e.channel_id, e.name, e.kind ?? 'secret', e.value);
  }
}
