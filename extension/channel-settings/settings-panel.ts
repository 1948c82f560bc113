/**
 * Channel settings of one channel: members (with ready-to-paste mentions), links (repository, branch,
 * PR state), env values (names, kinds, fingerprints, last use; set and delete write-only values),
 * budget (monthlyCredits and this month's standing), warm workspace status and rebuild.
 *
 * Who may change them: the service's `isAdmin` from the channel's automations list (the one answer
 * that says whether this person, with this token, may change channel configuration). Others see the
 * admin-only buttons disabled with the reason; the service still decides and its answer is shown.
 */
import * as vscode from 'vscode';
import type { Client } from '../../shared/index';
import type { WscServices } from '../context';
import { describeError } from '../errors/describe-error';
import { ChannelAdminPanel } from '../panels/channel-admin-panel';
import type { ChannelRef } from '../panels/channel-arg';
import type { SettingsPrompts } from './settings-prompts';
import { parseSettingsToHost } from './settings-inbound';
import type { HostToSettings, SectionData, SectionName, SettingsToHost } from './settings-protocol';

export const SETTINGS_ADMIN_REASON = 'Only workspace owners and admins whose token has the workspace:admin scope can change channel settings.';

export interface SettingsSnapshot {
  channelId: string;
  canAdmin: boolean | undefined;
  sections: Partial<Record<SectionName, SectionData>>;
  errors: Partial<Record<SectionName, string>>;
  posted: readonly HostToSettings[];
}

/** What a section's failed load says, one whole sentence each (called when it fails: the bundle is loaded by then). */
const LOAD_FAILURE: Record<SectionName, () => string> = {
  members: () => vscode.l10n.t('Could not load the members'),
  links: () => vscode.l10n.t('Could not load the links'),
  env: () => vscode.l10n.t('Could not load the env'),
  budget: () => vscode.l10n.t('Could not load the budget'),
  warm: () => vscode.l10n.t('Could not load the warm workspace'),
};

export class SettingsPanel extends ChannelAdminPanel<SettingsToHost, HostToSettings> {
  private canAdmin: boolean | undefined;
  private readonly sections: SettingsSnapshot['sections'] = {};
  private readonly errors: SettingsSnapshot['errors'] = {};
  private loading: Promise<void> | undefined;

  constructor(
    services: WscServices,
    panel: vscode.WebviewPanel,
    channel: ChannelRef,
    private readonly prompts: () => SettingsPrompts,
    onDisposed: () => void,
  ) {
    super(services, panel, channel, { script: 'channel-settings', title: 'Settings', logName: 'Channel settings', parse: parseSettingsToHost }, onDisposed);
    this.disposables.push(
      services.onDidChangeSession(() => {
        this.loading = this.load();
      }),
    );
    this.loading = this.load();
  }

  /** Resolves when the current load finished (tests await it). */
  whenLoaded(): Promise<void> {
    return this.loading ?? Promise.resolve();
  }

  snapshot(): SettingsSnapshot {
    return { channelId: this.channel.id, canAdmin: this.canAdmin, sections: this.sections, errors: this.errors, posted: this.posted };
  }

  protected override async handle(message: SettingsToHost): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.resend();
        return;
      case 'refresh':
        this.loading = this.load();
        await this.loading;
        return;
      case 'copyMention':
        await vscode.env.clipboard.writeText(message.mention);
        this.post({ type: 'notice', kind: 'info', message: `Copied ${message.mention}: paste it into a message to mention them.` });
        return;
      case 'openLink':
        await vscode.env.openExternal(vscode.Uri.parse(message.url));
        return;
      case 'setEnv':
        await this.setEnv(message.name);
        return;
      case 'deleteEnv':
        await this.deleteEnv(message.name);
        return;
      case 'setBudget':
        await this.setBudget();
        return;
      case 'rebuildWarm':
        await this.rebuild();
        return;
    }
  }

  async load(): Promise<void> {
    const client = this.signedInClient('Refresh');
    if (!client) return;
    const id = this.channel.id;
    const admin = client.automations(id).then(
      (a) => a.isAdmin,
      () => false,
    );
    await Promise.all([
      this.section('members', () => client.members(id).then((members) => ({ section: 'members', members }))),
      this.section('links', () => client.links(id).then((links) => ({ section: 'links', links }))),
      this.section('env', () => client.env(id).then((env) => ({ section: 'env', env }))),
      this.section('budget', () => client.budget(id).then((budget) => ({ section: 'budget', budget }))),
      this.section('warm', () => client.warmWorkspace(id).then((warm) => ({ section: 'warm', warm }))),
      admin.then((canAdmin) => {
        this.canAdmin = canAdmin;
        this.post(this.initMessage());
      }),
    ]);
  }

  private async section(name: SectionName, read: () => Promise<SectionData>): Promise<void> {
    try {
      const data = await read();
      this.sections[name] = data;
      delete this.errors[name];
      this.post({ type: 'section', ...data });
    } catch (error) {
      const view = describeError(error, LOAD_FAILURE[name]());
      this.errors[name] = view.message;
      this.post({ type: 'sectionError', section: name, message: view.message, hint: view.hint });
    }
  }

  private act(headline: string, fn: (client: Client) => Promise<unknown>, success: string, reload: SectionName): Promise<boolean> {
    return this.change(headline, fn, async (client) => {
      this.post({ type: 'notice', kind: 'info', message: success });
      await this.reloadSection(client, reload);
    });
  }

  private reloadSection(client: Client, name: SectionName): Promise<void> {
    const id = this.channel.id;
    switch (name) {
      case 'env':
        return this.section('env', () => client.env(id).then((env) => ({ section: 'env', env })));
      case 'budget':
        return this.section('budget', () => client.budget(id).then((budget) => ({ section: 'budget', budget })));
      case 'warm':
        return this.section('warm', () => client.warmWorkspace(id).then((warm) => ({ section: 'warm', warm })));
      default:
        return this.load();
    }
  }

  async setEnv(existing: string | null): Promise<boolean> {
    const prompts = this.prompts();
    const name = await prompts.envName(existing);
    if (!name) return false;
    const current = this.sections.env?.section === 'env' ? this.sections.env.env.find((e) => e.name === name) : undefined;
    const kind = current?.kind ?? (await prompts.envKind(name));
    if (!kind) return false;
    const value = await prompts.envValue(name, kind);
    if (value === undefined || value === '') return false;
    // The value goes from the password input to the service and nowhere else (no log, no webview).
    return this.act(vscode.l10n.t('Could not set {0}', name), (c) => c.putEnv(this.channel.id, { name, value, kind }), `${name} was set. Only its fingerprint is shown from now on.`, 'env');
  }

  async deleteEnv(name: string): Promise<boolean> {
    const ok = await this.prompts().confirm(`Delete the environment value ${name}?`, 'Runs in this channel no longer get it. The value cannot be recovered.', 'Delete');
    if (!ok) return false;
    return this.act(vscode.l10n.t('Could not delete {0}', name), (c) => c.deleteEnv(this.channel.id, name), `${name} was deleted.`, 'env');
  }

  async setBudget(): Promise<boolean> {
    const current = this.sections.budget?.section === 'budget' ? this.sections.budget.budget.monthlyCredits : null;
    const credits = await this.prompts().monthlyCredits(current);
    if (credits === undefined) return false;
    return this.act(
      vscode.l10n.t('Could not set the monthly budget'),
      (c) => c.putBudget(this.channel.id, credits),
      credits === null ? 'The monthly budget was cleared.' : `The monthly budget is now ${credits} credits.`,
      'budget',
    );
  }

  async rebuild(): Promise<boolean> {
    const ok = await this.prompts().confirm(
      'Rebuild the warm workspace?',
      'The saved project is marked stale; the next hosted run reinstalls it (when Warm workspaces is enabled).',
      'Rebuild',
    );
    if (!ok) return false;
    return this.act(vscode.l10n.t('Could not rebuild the warm workspace'), (c) => c.rebuildWarmWorkspace(this.channel.id), 'Marked for rebuild: the next hosted run reinstalls the project.', 'warm');
  }

  private initMessage(): HostToSettings {
    return { type: 'init', channel: this.channel, canAdmin: this.canAdmin === true, adminReason: this.canAdmin ? '' : SETTINGS_ADMIN_REASON };
  }

  private resend(): void {
    if (this.canAdmin !== undefined) this.post(this.initMessage());
    for (const data of Object.values(this.sections)) if (data) this.post({ type: 'section', ...data });
  }
}
