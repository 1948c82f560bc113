// `wsc logout`: removes a saved profile and its offline cache.
import { ProfileStore } from '../shared/index';
import { noExtraPositionals, parseArgs } from './args';
import { forgetAccountCache } from '../term/offline-cache';
import { createOutput, safe, term } from './output';

export async function runLogout(argv: string[]): Promise<number> {
  const args = parseArgs('logout', argv);
  noExtraPositionals(args, 0, 'logout');
  const out = createOutput();
  const store = new ProfileStore();
  const profile = await store.get(args.profile ?? (process.env.WSC_PROFILE?.trim() || undefined));
  const removed = profile !== undefined && (await store.remove(profile.name));
  const cacheRemoved = profile !== undefined && forgetAccountCache(profile.url, profile.token);
  if (args.json) {
    out.json({ removed, cacheRemoved, profile: profile?.name ?? args.profile ?? null, path: store.path });
  } else if (removed && profile) {
    out.line(term`Removed profile "${safe(profile.name)}" from ${safe(store.path)}.`);
    if (cacheRemoved) out.line(term`Removed its offline cache.`);
  } else {
    out.line(args.profile ? term`There is no saved profile "${safe(args.profile)}"; nothing to remove.` : term`No saved profile; nothing to remove.`);
  }
  if (process.env.WSC_TOKEN) out.note(term`Note: WSC_TOKEN is still set in this environment; unset it to disconnect completely.`);
  return 0;
}
