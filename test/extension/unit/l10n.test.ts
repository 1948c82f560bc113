// Localisation the platform's way: every user-facing manifest string is a `%key%` of
// package.nls.json (each key used, none missing), and l10n/bundle.l10n.json holds exactly the
// messages extension/ passes to vscode.l10n.t (WSC_WRITE_L10N=1 writes it again from the code).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NLS_KEY, readNls } from './localised-manifest';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const raw = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Json> & {
  l10n?: string;
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    views: Record<string, { id: string; name: string; contextualTitle?: string }[]>;
    viewsContainers: Record<string, { id: string; title: string }[]>;
    viewsWelcome: { view: string; contents: string }[];
    configuration: { title: string; properties: Record<string, { description?: string; markdownDescription?: string; enumDescriptions?: string[] }> };
    walkthroughs: { title: string; description: string; steps: { id: string; title: string; description: string }[] }[];
  };
};

/** Every string value of the manifest outside the generated language model tools, with where it is. */
function strings(value: Json, at: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([at, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${at}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (at !== 'contributes' || k !== 'languageModelTools') strings(v, at ? `${at}.${k}` : k, out);
  return out;
}

describe('the manifest in package.nls.json', () => {
  const nls = readNls();
  const used = strings(raw as Json, '').flatMap(([, v]) => NLS_KEY.exec(v)?.slice(1, 2) ?? []);

  it('uses only keys package.nls.json has, and every key it has', () => {
    expect(used.filter((key) => nls[key] === undefined)).toEqual([]);
    expect(Object.keys(nls).filter((key) => !used.includes(key))).toEqual([]);
    for (const [key, text] of Object.entries(nls)) expect(text.trim(), key).not.toBe('');
  });

  it('says every user-facing word through a key: commands, views, welcome, settings, walkthrough, capabilities', () => {
    const c = raw.contributes;
    const shown: [string, string | undefined][] = [
      ['displayName', raw.displayName as string],
      ['description', raw.description as string],
      ...c.commands.flatMap((cmd): [string, string | undefined][] => [[`${cmd.command} title`, cmd.title], [`${cmd.command} category`, cmd.category]]),
      ...Object.values(c.views).flat().flatMap((v): [string, string | undefined][] => [[`${v.id} name`, v.name], [`${v.id} contextualTitle`, v.contextualTitle]]),
      ...Object.values(c.viewsContainers).flat().map((v): [string, string] => [`${v.id} title`, v.title]),
      ...c.viewsWelcome.map((w): [string, string] => [`${w.view} welcome`, w.contents]),
      ['configuration title', c.configuration.title],
      ...strings(c.configuration.properties as unknown as Json, 'settings').filter(([at]) => /\.(description|markdownDescription)$|\.enumDescriptions\[\d+\]$/.test(at)),
      ...c.walkthroughs.flatMap((w) => [w.title, w.description, ...w.steps.flatMap((s) => [s.title, s.description])].map((t, i): [string, string] => [`walkthrough ${i}`, t])),
      ...strings((raw.capabilities ?? {}) as Json, 'capabilities').filter(([at]) => at.endsWith('.description')),
    ];
    expect(shown.filter(([, text]) => text !== undefined && !NLS_KEY.test(text)).map(([at]) => at)).toEqual([]);
    expect(raw.l10n).toBe('./l10n');
  });
});

/** The .ts files under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The message of each `l10n.t(` call in `code`; null where the first argument is not one string literal. */
function messages(code: string): (string | null)[] {
  const found: (string | null)[] = [];
  for (const call of code.matchAll(/\bl10n\.t\(\s*/g)) {
    const rest = code.slice(call.index + call[0].length);
    const literal = /^('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*[,)]/.exec(rest);
    found.push(literal ? (JSON.parse(literal[1]!.startsWith("'") ? `"${literal[1]!.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"` : literal[1]!) as string) : null);
  }
  return found;
}

describe('the runtime messages in l10n/bundle.l10n.json', () => {
  const byFile = sources('extension').map((file) => [file, messages(readFileSync(file, 'utf8'))] as const);
  const all = [...new Set(byFile.flatMap(([, m]) => m.filter((x): x is string => x !== null)))].sort();

  it('passes vscode.l10n.t one string literal (a translator sees the whole message, {0} for what varies)', () => {
    expect(byFile.filter(([, m]) => m.includes(null)).map(([file]) => file)).toEqual([]);
    expect(all.length).toBeGreaterThan(0);
  });

  it('holds exactly the messages the code says', () => {
    const bundle = Object.fromEntries(all.map((m) => [m, m]));
    if (process.env.WSC_WRITE_L10N === '1') writeFileSync('l10n/bundle.l10n.json', `${JSON.stringify(bundle, null, 2)}\n`);
    expect(JSON.parse(readFileSync('l10n/bundle.l10n.json', 'utf8'))).toEqual(bundle);
  });
});
