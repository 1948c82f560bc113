// GET /me, GET /channels, GET /channels/{id}/members, GET /channels/{id}/links.
import { ChannelsResponseSchema, IdentitySchema, LinksResponseSchema, MembersResponseSchema } from '../../shared/contract';
import { PATHS, type Identity, type Link, type LinkState, type Member } from '../../shared/contract';
import { readableChannels, requireReadableChannel } from '../access';
import { ok } from '../dispatch';
import { toWireChannel } from '../store/channels';
import type { LinkRecord } from '../store/records';
import type { EmulatorModule } from '../types';

export const channelsModule: EmulatorModule = {
  name: 'channels',
  routes: [
    {
      method: 'GET',
      path: PATHS.me(),
      summary: 'Who the token acts as', tag: 'me', answer: { schema: IdentitySchema },
      handler: (ctx) => {
        const me = ctx.who();
        const ws = ctx.svc.workspace();
        const identity: Identity = {
          kind: 'person',
          userId: me.personId,
          name: me.name,
          workspaceId: ws.id,
          workspace: ws.name,
          note: `Tools using this token act as ${me.name} in ${ws.name}, with their permissions.`,
          handle: me.handle,
        };
        return ok(identity);
      },
    },
    {
      method: 'GET',
      path: PATHS.channels(),
      summary: 'Channels and DMs the person can read', tag: 'channels', answer: { schema: ChannelsResponseSchema },
      handler: (ctx) => {
        const me = ctx.who();
        return ok({ channels: readableChannels(ctx.svc, me).map((c) => toWireChannel(ctx.svc, c, me.personId)) });
      },
    },
    {
      method: 'GET',
      path: PATHS.channelMembers(':id'),
      summary: 'People and agents in the channel', tag: 'channels', params: { id: 'Channel id' }, answer: { schema: MembersResponseSchema },
      handler: (ctx) => {
        const channel = requireReadableChannel(ctx.svc, ctx.who(), ctx.params.id ?? '');
        const rows = ctx.svc.db
          .prepare(
            `SELECT p.id, 'person' AS kind, p.name, p.handle FROM channel_members m JOIN people p ON p.id = m.member_id WHERE m.channel_id = ?
             UNION ALL
             SELECT a.id, 'agent' AS kind, a.name, a.handle FROM channel_members m JOIN agents a ON a.id = m.member_id WHERE m.channel_id = ?
             ORDER BY name`,
          )
          .all(channel.id, channel.id) as Omit<Member, 'mention'>[];
        return ok({ members: rows.map((r) => ({ ...r, mention: `@${r.handle}` })) });
      },
    },
    {
      method: 'GET',
      path: PATHS.channelLinks(':id'),
      summary: 'Repository, branch and pull-request links', tag: 'channels', params: { id: 'Channel id' }, answer: { schema: LinksResponseSchema },
      handler: (ctx) => {
        const { svc } = ctx;
        const channel = requireReadableChannel(svc, ctx.who(), ctx.params.id ?? '');
        const stored = svc.db.prepare('SELECT * FROM links WHERE channel_id = ? ORDER BY updated_at').all(channel.id) as LinkRecord[];
        const links: Link[] = stored.map(({ id: _id, channel_id: _c, ...l }) => l);
        const seen = new Set(links.map((l) => l.url));
        const prs = svc.db
          .prepare(
            `SELECT t.pr_url, t.pr_number, t.repo_full_name, t.branch, t.updated_at, pr.state, pr.updated_at AS pr_updated_at
             FROM tasks t LEFT JOIN pull_requests pr ON pr.url = t.pr_url
             WHERE t.channel_id = ? AND t.pr_url IS NOT NULL ORDER BY t.updated_at`,
          )
          .all(channel.id) as { pr_url: string; pr_number: number | null; repo_full_name: string | null; branch: string | null; updated_at: string; state: LinkState | null; pr_updated_at: string | null }[];
        for (const pr of prs) {
          if (seen.has(pr.pr_url)) continue;
          seen.add(pr.pr_url);
          const parsed = /github\.com\/([^/]+\/[^/]+)\/pull\/(\d+)/.exec(pr.pr_url);
          links.push({
            kind: 'pull_request',
            url: pr.pr_url,
            repo_full_name: pr.repo_full_name ?? parsed?.[1] ?? null,
            branch: pr.branch,
            number: pr.pr_number ?? (parsed ? Number(parsed[2]) : null),
            state: pr.state ?? 'open',
            updated_at: pr.pr_updated_at ?? pr.updated_at,
          });
        }
        return ok({ links });
      },
    },
  ],
};
