// Warm workspace: the saved project's status. `enabled` mirrors the Warm workspaces feature (runs
// start cold when it is off, even if a saved row remains). Rebuild marks the saved project stale.
import { ConfirmationSchema, WarmWorkspaceSchema } from '../../shared/contract';
import { API_PREFIX, type WarmStatus, type WarmWorkspace } from '../../shared/contract';
import { ok } from '../dispatch';
import { conflict } from '../errors';
import type { Route, Services } from '../types';
import { settingsChannel } from './guard';

const PATH = `${API_PREFIX}/channels/:id/workspace`;

export function warmOf(svc: Services, channelId: string): WarmWorkspace {
  const row = svc.db.prepare('SELECT status, stale, updated_at FROM warm_workspaces WHERE channel_id = ?').get(channelId) as
    | { status: WarmStatus; stale: number; updated_at: string | null }
    | undefined;
  return { status: row?.status ?? 'none', stale: row?.stale === 1, enabled: svc.features().warmWorkspaces, updated_at: row?.updated_at ?? null };
}

export const warmRoutes: Route[] = [
  { method: 'GET', path: PATH, summary: 'Warm-workspace status and metadata', tag: 'workspace', params: { id: 'Channel id' }, answer: { schema: WarmWorkspaceSchema }, handler: (ctx) => ok(warmOf(ctx.svc, settingsChannel(ctx).id)) },
  {
    method: 'POST',
    path: `${PATH}/rebuild`,
    summary: 'Mark the saved project stale (admins)', tag: 'workspace', params: { id: 'Channel id' }, answer: { schema: ConfirmationSchema },
    confirmation: true,
    auth: 'admin',
    handler(ctx) {
      const channel = settingsChannel(ctx);
      const current = warmOf(ctx.svc, channel.id);
      if (current.status === 'none') throw conflict('This channel has no saved project to rebuild.', 'A hosted run saves the project first; rebuild after that.');
      ctx.svc.db.prepare('UPDATE warm_workspaces SET stale = 1, updated_at = ? WHERE channel_id = ?').run(ctx.svc.clock.nowIso(), channel.id);
      return ok({ ok: true, ...warmOf(ctx.svc, channel.id) });
    },
  },
];

export function loadWarm(svc: Services, list: unknown): void {
  if (!Array.isArray(list)) return;
  for (const w of list as Array<{ channel_id: string; status?: WarmStatus; stale?: boolean }>) {
    svc.db.prepare('INSERT OR REPLACE INTO warm_workspaces (channel_id, status, stale, updated_at) VALUES (?, ?, ?, ?)').run(w.channel_id, w.status ?? 'ready', w.stale ? 1 : 0, svc.clock.nowIso());
  }
}
