// PUT /artifacts/{id}/address {address}: a new, available address under the apps domain.
import { PutArtifactAddressInputSchema, PutArtifactAddressResultSchema } from '../../shared/contract';
import { API_PREFIX, type PutArtifactAddressResult } from '../../shared/contract';
import { canRead, getChannel } from '../access';
import { ok } from '../dispatch';
import { conflict, notFound, permissionRequired } from '../errors';
import { route } from '../route';
import type { Route } from '../types';
import { appUrl, findArtifact } from './artifacts-store';

export const artifactAddressRoute: Route = route({
  method: 'PUT',
  path: `${API_PREFIX}/artifacts/:id/address`,
  summary: 'Move a published native app to a new address under the apps domain', tag: 'artifacts', params: { id: 'Published native app id' }, body: PutArtifactAddressInputSchema, answer: { schema: PutArtifactAddressResultSchema }, errors: [409],
  confirmation: true,
  handler(ctx) {
    const { svc } = ctx;
    const who = ctx.who();
    const artifact = findArtifact(svc, ctx.params.id ?? '');
    const channel = artifact ? getChannel(svc, artifact.channel_id) : null;
    if (!artifact || !channel || !canRead(svc, { personId: who.personId, role: who.role }, channel)) {
      throw notFound('Artifact', 'Check the id; list_native_artifacts lists the apps of a room you can read.');
    }
    if (who.role === 'guest') throw permissionRequired('Guests cannot change app addresses.', 'Ask a workspace member.');
    if (artifact.published !== 1) throw conflict('This app is not published.', 'Publish it in the app first, then pick its address.');
    const { address } = ctx.body;
    const taken = svc.db.prepare('SELECT id FROM artifacts WHERE address = ? AND id != ?').get(address, artifact.id);
    if (taken) throw conflict(`The address '${address}' is taken.`, 'Pick another address.');
    svc.db.prepare('UPDATE artifacts SET address = ?, updated_at = ? WHERE id = ?').run(address, svc.nextTimestamp(), artifact.id);
    const answer: PutArtifactAddressResult = { ok: true, address, url: appUrl(address) };
    return ok(answer);
  },
});
