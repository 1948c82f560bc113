/**
 * The automations panel of one channel: the list with recent run history and whether the person may
 * change them (the service's isAdmin), enable/disable, create and edit through a validated form,
 * delete after a confirmation, and a new webhook's key shown once with a copy button.
 */
import * as vscode from 'vscode';
import { ACTION_KINDS, LIMITS, TRIGGER_KINDS, type Automation, type Client } from '../../shared/index';
import type { WscServices } from '../context';
import { describeError } from '../errors/describe-error';
import { ChannelAdminPanel } from '../panels/channel-admin-panel';
import type { ChannelRef } from '../panels/channel-arg';
import { ACTION_LABELS, TRIGGER_LABELS, describeAutomation, draftFrom, emptyDraft, parseDraft, validateAutomationDraft } from './automation-form';
import { parseAutomationsToHost, type AutomationView, type AutomationsToHost, type HostToAutomations } from './automations-protocol';


export const ADMIN_REASON = 'Only workspace owners and admins whose token has the workspace:admin scope can change automations; members can read them.';

/** Asks before a delete; tests replace it. */
export type ConfirmDelete = (name: string) => Promise<boolean>;

export const confirmDeleteWithModal: ConfirmDelete = async (name) => {
  const remove = vscode.l10n.t('Delete');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Delete the automation “{0}”?', name),
    { modal: true, detail: vscode.l10n.t('Its run history is deleted with it. This cannot be undone.') },
    remove,
  );
  return choice === remove;
};

export interface AutomationsSnapshot {
  channelId: string;
  automations: readonly Automation[];
  isAdmin: boolean | undefined;
  /** The webhook key currently shown (held in memory only). */
  webhookKey: { automationId: string; key: string; path: string } | undefined;
  posted: readonly HostToAutomations[];
}

export class AutomationsPanel extends ChannelAdminPanel<AutomationsToHost, HostToAutomations> {
  private automations: Automation[] = [];
  private isAdmin: boolean | undefined;
  private webhookKey: AutomationsSnapshot['webhookKey'];

  constructor(
    services: WscServices,
    panel: vscode.WebviewPanel,
    channel: ChannelRef,
    private readonly confirmDelete: () => ConfirmDelete,
    onDisposed: () => void,
  ) {
    super(services, panel, channel, { script: 'automations', title: 'Automations', logName: 'Automations', parse: parseAutomationsToHost }, onDisposed);
    // Another person or token may change what I may do: list and isAdmin again.
    this.disposables.push(services.onDidChangeSession(() => void this.load()));
    void this.load();
  }

  snapshot(): AutomationsSnapshot {
    return { channelId: this.channel.id, automations: this.automations, isAdmin: this.isAdmin, webhookKey: this.webhookKey, posted: this.posted };
  }

  protected override async handle(message: AutomationsToHost): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.post(this.initMessage());
        this.postList();
        if (this.webhookKey) this.post({ type: 'webhookKey', automationId: this.webhookKey.automationId, name: this.nameOf(this.webhookKey.automationId), key: this.webhookKey.key, path: this.webhookKey.path });
        return;
      case 'refresh':
        await this.load();
        return;
      case 'save':
        await this.save(message.requestId, message.draft);
        return;
      case 'toggle':
        await this.mutate(message.enabled ? vscode.l10n.t('Could not enable the automation') : vscode.l10n.t('Could not disable the automation'), (c) => c.setAutomationEnabled(this.channel.id, message.automationId, message.enabled));
        return;
      case 'delete': {
        const name = this.nameOf(message.automationId);
        if (!(await this.confirmDelete()(name))) return;
        const done = await this.mutate(vscode.l10n.t('Could not delete the automation'), (c) => c.deleteAutomation(this.channel.id, message.automationId));
        if (done) this.post({ type: 'notice', kind: 'info', message: `Deleted “${name}” and its run history.` });
        return;
      }
      case 'copyWebhookKey':
        if (this.webhookKey) {
          await vscode.env.clipboard.writeText(this.webhookKey.key);
          this.post({ type: 'notice', kind: 'info', message: 'Webhook key copied. Keep it somewhere safe: it will not be shown again.' });
        }
        return;
      case 'dismissWebhookKey':
        this.webhookKey = undefined;
        this.post({ type: 'webhookKeyCleared' });
        return;
    }
  }

  async load(): Promise<void> {
    const client = this.signedInClient('Refresh');
    if (!client) return;
    this.post({ type: 'busy', busy: true });
    try {
      const answer = await client.automations(this.channel.id);
      this.automations = answer.automations;
      this.isAdmin = answer.isAdmin;
      this.postList();
    } catch (error) {
      this.postError(error, vscode.l10n.t('Could not load the automations'));
    } finally {
      this.post({ type: 'busy', busy: false });
    }
  }

  private async save(requestId: string, raw: unknown): Promise<void> {
    const draft = parseDraft(raw);
    if (!draft) {
      this.post({ type: 'formErrors', requestId, errors: [], message: 'The form could not be read.', hint: 'Reopen the automations panel and try again.' });
      return;
    }
    const check = validateAutomationDraft(draft);
    if (!check.ok) {
      this.post({ type: 'formErrors', requestId, errors: check.errors, message: 'Some fields need attention.', hint: 'Fix the marked fields, then save again.' });
      return;
    }
    const client = this.services.auth.client();
    if (!client) {
      this.post({ type: 'formErrors', requestId, errors: [], message: 'You are not signed in to the workspace.', hint: 'Run "Workspace: Sign In", then save again.' });
      return;
    }
    try {
      const result = await client.upsertAutomation(this.channel.id, check.input);
      const created = !check.input.automation_id;
      if (result.webhookKey) {
        this.webhookKey = { automationId: result.id, key: result.webhookKey, path: result.webhookPath ?? '' };
      }
      await this.load();
      this.post({ type: 'saved', requestId, automationId: result.id, created });
      if (this.webhookKey && result.webhookKey) {
        this.post({ type: 'webhookKey', automationId: result.id, name: check.input.name, key: result.webhookKey, path: result.webhookPath ?? '' });
      }
    } catch (error) {
      const view = describeError(error, vscode.l10n.t('Could not save the automation'));
      this.post({ type: 'formErrors', requestId, errors: [], message: view.message, hint: view.hint });
    }
  }

  private mutate(headline: string, fn: (client: Client) => Promise<unknown>): Promise<boolean> {
    return this.change(headline, fn, () => this.load());
  }

  private nameOf(id: string): string {
    return this.automations.find((a) => a.id === id)?.name ?? id;
  }

  private initMessage(): HostToAutomations {
    return {
      type: 'init',
      channel: this.channel,
      triggerKinds: TRIGGER_KINDS.map((kind) => ({ kind, label: TRIGGER_LABELS[kind] })),
      actionKinds: ACTION_KINDS.map((kind) => ({ kind, label: ACTION_LABELS[kind] })),
      limits: { actionsMin: LIMITS.automationActionsMin, actionsMax: LIMITS.automationActionsMax, scheduleMinMinutes: LIMITS.scheduleMinMinutes },
      emptyDraft: emptyDraft(),
    };
  }

  private postList(): void {
    if (this.isAdmin === undefined) return;
    const views: AutomationView[] = this.automations.map((a) => ({
      id: a.id,
      name: a.name,
      enabled: a.enabled,
      summary: describeAutomation(a),
      updatedAt: a.updated_at,
      runs: a.runs.slice(0, 5).map((r) => ({ at: r.at, status: r.status, triggerKind: r.trigger_kind, detail: r.detail })),
      draft: draftFrom(a),
    }));
    this.post({ type: 'list', automations: views, isAdmin: this.isAdmin, adminReason: this.isAdmin ? '' : ADMIN_REASON });
  }

  protected override post(message: HostToAutomations): void {
    // The key is never kept in the test log either: it lives only in this.webhookKey.
    super.post(message, message.type === 'webhookKey' ? { ...message, key: '(shown)' } : message);
  }

  protected override beforeDispose(): void {
    this.webhookKey = undefined;
  }
}
