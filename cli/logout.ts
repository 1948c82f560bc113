// `wsc logout`: removes a saved profile, its offline cache and its outbox; refuses while writes wait
// in the outbox (--force drops them).
import { rmSync } from 'node:fs';
import { forgetAccount, ProfileStore, terminalOfflineRoot } from '../shared/index';
import { noExtraPositionals, parseArgs } from './args';
import { CliError } from '../term/cli-error';
import { forgetAccountCache } from '../term/offline-cache';
import { existingOutboxFor } from '../term/outbox';
import { createOutput, safe, term } from './output';

export async function runLogout(argv: string[]): Promise<number> {
  const args = parseArgs('logout', argv, { booleans: ['force'] });
  noExtraPositionals(args, 0, 'logout');
  const out = createOutput();
  const store = new ProfileStore();
  const profile = await store.get(args.profile ?? (process.env.WSC_PROFILE?.trim() || undefined));
  let droppedFromOutbox = 0;
  if (profile !== undefined) {
    const connection = { baseUrl: profile.url.replace(/\/+$/, ''), token: profile.token };
    const outbox = await existingOutboxFor(connection);
    if (outbox !== undefined) {
      const { pending, failed } = outbox.count();
      const path = outbox.path;
      outbox.close();
      const waiting = pending + failed;
      if (waiting > 0 && args.flags.force !== true) {
        throw new CliError(
          'conflict',
          `${waiting} write${waiting === 1 ? '' : 's'} of profile "${profile.name}" wait${waiting === 1 ? 's' : ''} in the outbox (${pending} pending, ${failed} refused); signing out would lose them.`,
          'Send them with wsc outbox retry, look with wsc outbox list, or sign out anyway with wsc logout --force.',
        );
      }
      droppedFromOutbox = waiting;
      for (const file of [path, `${path}-journal`]) rmSync(file, { force: true });
    }
  }
  // The cache is found through the account the token acts as: remove it before forgetting that.
  const cacheRemoved = profile !== undefined && forgetAccountCache(profile.url, profile.token);
  if (profile !== undefined) forgetAccount(terminalOfflineRoot(), { baseUrl: profile.url.replace(/\/+$/, ''), token: profile.token });
  const removed = profile !== undefined && (await store.remove(profile.name));
  if (args.json) {
    out.json({ removed, cacheRemoved, profile: profile?.name ?? args.profile ?? null, path: store.path, dropped_from_outbox: droppedFromOutbox });
  } else if (removed && profile) {
    out.line(term`Removed profile "${safe(profile.name)}" from ${safe(store.path)}.`);
    if (cacheRemoved) out.line(term`Removed its offline cache.`);
    if (droppedFromOutbox > 0) out.line(term`Dropped ${safe(String(droppedFromOutbox))} unsent write${safe(droppedFromOutbox === 1 ? '' : 's')} from the outbox.`);
  } else {
    out.line(args.profile ? term`There is no saved profile "${safe(args.profile)}"; nothing to remove.` : term`No saved profile; nothing to remove.`);
  }
  if (process.env.WSC_TOKEN) out.note(term`Note: WSC_TOKEN is still set in this environment; unset it to disconnect completely.`);
  return 0;
}
