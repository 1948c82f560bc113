// `wsc profile list|use <name>`: the saved connections (never their tokens) and which is the default.
import { ProfileStore } from '../shared/index';
import { usageError } from '../term/cli-error';
import { noExtraPositionals, parseArgs, required } from './args';
import { createOutput, padSafe, safe, term } from './output';

export async function runProfile(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const args = parseArgs(`profile ${sub ?? ''}`.trim(), rest);
  const out = createOutput();
  const store = new ProfileStore();
  if (sub === 'list') {
    noExtraPositionals(args, 0, 'profile list');
    const profiles = await store.list();
    if (args.json) {
      out.json({ profiles, path: store.path });
      return 0;
    }
    if (profiles.length === 0) out.line(term`No saved profile. 'wsc login' saves one.`);
    for (const p of profiles) out.line(term`${p.isDefault ? term`*` : term` `} ${padSafe(safe(p.name), 16)} ${safe(p.url)}`);
    if (process.env.WSC_TOKEN) out.note(term`Note: WSC_URL/WSC_TOKEN are set in this environment and take precedence over every profile.`);
    return 0;
  }
  if (sub === 'use') {
    const name = required(args, 0, 'the profile name', 'profile use');
    noExtraPositionals(args, 1, 'profile use');
    const known = (await store.list()).map((p) => p.name);
    if (!known.includes(name)) {
      throw usageError(`profile use: there is no saved profile "${name}".`, known.length ? `Saved: ${known.join(', ')}.` : "Save one with 'wsc login --profile NAME'.");
    }
    await store.setDefault(name);
    if (args.json) out.json({ default: name, path: store.path });
    else out.line(term`"${safe(name)}" is now the default profile.`);
    return 0;
  }
  throw usageError(sub ? `profile: unknown subcommand '${sub}'.` : 'profile: missing the subcommand.', "Use 'wsc profile list' or 'wsc profile use <name>'.");
}
