// The extension's manifest as a listing and the Command Palette see it: listing fields, icon,
// every command contributed and reachable only where it can work, keybindings and the walkthrough
// pointing at real commands, context keys and files.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMAND_IDS, CONTEXT_KEYS, DOC_COMMAND_IDS, EDITOR_COMMAND_IDS, EXTENSION_ID, PR_COMMAND_IDS, VIEWS } from '../../../extension/ids';
import { readLocalisedManifest } from './localised-manifest';

interface Command {
  command: string;
  enablement?: string;
}
interface PaletteEntry {
  command: string;
  when?: string;
}
interface Keybinding {
  command: string;
  key: string;
  when?: string;
}
interface WalkthroughStep {
  id: string;
  description: string;
  media: { markdown?: string; image?: string };
  completionEvents: string[];
}
// The words as people see them (package.nls.json in place of each %key%).
const manifest = readLocalisedManifest<{
  name: string;
  publisher: string;
  icon: string;
  categories: string[];
  keywords: string[];
  repository: { url: string };
  homepage: string;
  bugs: { url: string };
  scripts: Record<string, string>;
  contributes: {
    commands: Command[];
    menus: { commandPalette: PaletteEntry[] };
    keybindings: Keybinding[];
    walkthroughs: { id: string; steps: WalkthroughStep[] }[];
  };
}>();
const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
const viewFocus = new Set(Object.values(VIEWS).map((v) => `${v}.focus`));
const palette = new Map(manifest.contributes.menus.commandPalette.map((e) => [e.command, e.when]));
/** Commands that work without a session (sign in, the demo, the log). */
const SIGNED_OUT_OK = new Set(['wsc.signIn', 'wsc.useDemoService', 'wsc.showLog']);

describe('the manifest', () => {
  it('has what a listing needs, and the id the code uses', () => {
    expect(`${manifest.publisher}.${manifest.name}`).toBe(EXTENSION_ID);
    expect(manifest.categories.length).toBeGreaterThan(0);
    expect(manifest.keywords.length).toBeGreaterThan(0);
    expect(manifest.repository.url).toMatch(/^https:\/\//);
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect(manifest.bugs.url).toMatch(/^https:\/\//);
    expect(existsSync('CHANGELOG.md')).toBe(true);
    expect(manifest.scripts.package).not.toContain('--allow-missing-repository');
  });

  it('has a 128×128 PNG icon', () => {
    const png = readFileSync(manifest.icon);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([128, 128]);
  });

  it('contributes every command id the code registers, and no other', () => {
    const ids = new Set([...Object.values(COMMAND_IDS), ...Object.values(DOC_COMMAND_IDS), ...Object.values(PR_COMMAND_IDS), ...Object.values(EDITOR_COMMAND_IDS)]);
    // wsc.openRun: an alias of wsc.openRunTimeline kept for links, not shown anywhere.
    expect([...ids].filter((id) => !contributed.has(id) && id !== COMMAND_IDS.openRun)).toEqual([]);
    expect([...contributed].filter((id) => !ids.has(id as never))).toEqual([]);
  });

  it('shows in the Command Palette only what can work now', () => {
    for (const { command, enablement } of manifest.contributes.commands) {
      const when = palette.get(command);
      if (SIGNED_OUT_OK.has(command)) continue;
      // Needs a session: hidden when signed out (or never shown: an item-only command).
      expect(when, command).toBeDefined();
      expect(when === 'false' || when!.includes(CONTEXT_KEYS.signedIn), `${command}: ${when}`).toBe(true);
      if (enablement) expect(enablement).toContain(CONTEXT_KEYS.signedIn);
    }
    expect(palette.get('wsc.signIn')).toBe(`!${CONTEXT_KEYS.signedIn}`);
    expect(palette.get('wsc.startWork')).toContain('gitOpenRepositoryCount');
  });

  it('binds keys to real commands, each once and only when they can work', () => {
    const keys = manifest.contributes.keybindings;
    expect(keys.length).toBeGreaterThanOrEqual(4);
    for (const k of keys) {
      expect(contributed.has(k.command) || viewFocus.has(k.command), k.command).toBe(true);
      expect(k.when).toContain(CONTEXT_KEYS.signedIn);
    }
    expect(new Set(keys.map((k) => k.key)).size).toBe(keys.length);
    for (const wanted of ['wsc.search', 'wsc.openMessageLink', 'wsc.runAction', 'wsc.linkPullRequest']) expect(keys.map((k) => k.command)).toContain(wanted);
  });

  it('has a walkthrough whose steps complete on real commands and context keys, with their media present', () => {
    const [walkthrough] = manifest.contributes.walkthroughs;
    expect(walkthrough?.steps.map((s) => s.id)).toEqual(['signIn', 'openChannel', 'triageTask', 'linkPullRequest', 'whileCoding', 'runTimeline']);
    const contextKeys = new Set<string>(Object.values(CONTEXT_KEYS));
    for (const step of walkthrough!.steps) {
      expect(step.completionEvents.length, step.id).toBeGreaterThan(0);
      for (const event of step.completionEvents) {
        const [kind, what] = event.split(':') as [string, string];
        if (kind === 'onCommand') expect(contributed.has(what), event).toBe(true);
        else if (kind === 'onContext') expect(contextKeys.has(what), event).toBe(true);
        else throw new Error(`unexpected completion event ${event}`);
      }
      for (const link of step.description.matchAll(/\(command:([\w.]+)\)/g)) expect(contributed.has(link[1]!) || viewFocus.has(link[1]!), link[1]).toBe(true);
      const media = step.media.markdown ?? step.media.image;
      expect(media && existsSync(media), `${step.id}: ${media}`).toBe(true);
    }
  });

  it('shows one signed-out welcome (Channels); the other views appear once signed in', () => {
    const contributes = (JSON.parse(readFileSync('package.json', 'utf8')) as {
      contributes: { views: Record<string, { id: string; when?: string }[]>; viewsWelcome: { view: string; when: string }[] };
    }).contributes;
    const signedOut = contributes.viewsWelcome.filter((w) => w.when === `!${CONTEXT_KEYS.signedIn}`).map((w) => w.view);
    expect(signedOut).toEqual([VIEWS.channels]);
    const views = Object.values(contributes.views).flat();
    for (const view of views.filter((v) => v.id !== VIEWS.channels && v.id.startsWith('wsc.'))) expect(view.when, view.id).toBe(CONTEXT_KEYS.signedIn);
  });

  it('declares what works in Restricted Mode and in virtual workspaces; the restricted settings exist', () => {
    const { capabilities, contributes } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      capabilities?: {
        untrustedWorkspaces?: { supported: boolean | 'limited'; description?: string; restrictedConfigurations?: string[] };
        virtualWorkspaces?: { supported: boolean | 'limited'; description?: string };
      };
      contributes: { configuration: { properties: Record<string, unknown> } };
    };
    const untrusted = capabilities?.untrustedWorkspaces;
    expect(untrusted?.supported).toBe('limited');
    expect(untrusted?.description ?? '').not.toBe('');
    // A folder must not choose where the token goes, nor switch on writing tools the person turned off.
    expect(untrusted?.restrictedConfigurations).toEqual(expect.arrayContaining(['wsc.serviceUrl', 'wsc.agentTools.readOnly']));
    for (const setting of untrusted?.restrictedConfigurations ?? []) expect(Object.keys(contributes.configuration.properties), setting).toContain(setting);
    const virtual = capabilities?.virtualWorkspaces;
    expect(virtual?.supported).toBe('limited');
    expect(virtual?.description ?? '').not.toBe('');
  });

  it('gives a task row at most two inline buttons (status, and the pull request when linked); the rest is in its context menu', () => {
    const menu = (JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: { menus: Record<string, { command: string; when?: string; group?: string }[]> } }).contributes.menus['view/item/context'] ?? [];
    const taskItems = menu.filter((m) => m.when?.includes('view == wsc.tasks') && m.when.includes('viewItem =~ /^task'));
    const inline = taskItems.filter((m) => m.group?.startsWith('inline')).map((m) => m.command);
    expect(inline).toEqual(['wsc.tasks.setStatus', 'wsc.tasks.openPr']);
    const inMenu = new Set(taskItems.filter((m) => !m.group?.startsWith('inline')).map((m) => m.command));
    for (const command of ['wsc.tasks.setPriority', 'wsc.tasks.setAssignee', 'wsc.tasks.appendNote', 'wsc.tasks.copyRef']) expect(inMenu.has(command), command).toBe(true);
  });
});
