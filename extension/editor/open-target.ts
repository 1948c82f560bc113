/**
 * Opening what a reference names: wsc.openTask (the task in the Tasks view), wsc.copyTaskLink (the
 * editor link to a task) and the URI handler for `vscode://wsc-dev.wsc/open?task=…|message=…|run=…`
 * (links printed by the CLI and the terminal UI, or pasted anywhere outside the editor).
 */
import * as vscode from 'vscode';
import { editorOpenUri, parseEditorOpenUri } from '../../shared/index';
import type { WscServices } from '../context';
import { WscError } from '../errors/describe-error';
import { COMMAND_IDS, EXTENSION_ID, VIEWS } from '../ids';
import type { TasksFeature } from '../tasks/index';
import type { ReferenceCache } from './reference-cache';

export type OpenTarget = { task: string } | { message: string } | { run: string };

export interface OpenTaskResult {
  ref: string;
  /** Whether the Tasks view lists it (and it was revealed there). */
  listed: boolean;
}

/** `{ref}`, a tree node/row or a `T-12` string → the normalised ref. */
export function refOf(arg: unknown): string | undefined {
  const value = typeof arg === 'string' ? arg : typeof arg === 'object' && arg !== null ? (arg as { ref?: unknown }).ref : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(?:T-|#)?(\d+)\s*$/i.exec(value);
  return m ? `T-${m[1]}` : undefined;
}

export class OpenTargets {
  readonly #services: WscServices;
  readonly #tasks: TasksFeature;
  readonly #cache: () => ReferenceCache | undefined;

  constructor(services: WscServices, tasks: TasksFeature, cache: () => ReferenceCache | undefined) {
    this.#services = services;
    this.#tasks = tasks;
    this.#cache = cache;
  }

  async openTask(arg: unknown): Promise<OpenTaskResult | undefined> {
    const ref = refOf(arg);
    if (!ref) return void this.#services.showError(new WscError(vscode.l10n.t('That is not a task ref.'), vscode.l10n.t('A task ref looks like T-12.')), vscode.l10n.t('Could not open the task'));
    const cache = this.#cache();
    if (!cache) return void this.#services.showError(this.#services.auth.notSignedInError(), vscode.l10n.t('Could not open {0}', ref));
    const card = await cache.task(ref);
    if (!card) return void this.#services.showError(new WscError(vscode.l10n.t('{0} is not a task you can see.', ref), vscode.l10n.t('Check the number, or ask someone in the task’s channel to add you.')), vscode.l10n.t('Could not open {0}', ref));
    await vscode.commands.executeCommand(`${VIEWS.tasks}.focus`).then(undefined, () => undefined);
    const node = await this.#tasks.tree.nodeOf(ref);
    if (node) {
      // Reveal fails where the tree is not drawn (a hidden view); the task is still listed.
      await Promise.resolve(this.#tasks.view.reveal(node, { select: true, focus: true, expand: true })).catch(() => undefined);
      return { ref, listed: true };
    }
    const clearFilters = vscode.l10n.t('Clear Filters');
    const setStatus = vscode.l10n.t('Set Status…');
    void vscode.window
      .showInformationMessage(vscode.l10n.t('{0} {1} · {2} — the Tasks view’s filters hide it.', ref, card.task.title, card.task.status.replace('_', ' ')), clearFilters, setStatus)
      .then(async (choice) => {
        if (choice === clearFilters) {
          await vscode.commands.executeCommand(COMMAND_IDS.clearTaskFilters);
          await this.openTask(ref);
        } else if (choice === setStatus) {
          await vscode.commands.executeCommand(COMMAND_IDS.setTaskStatus, card.task);
        }
      });
    return { ref, listed: false };
  }

  async copyTaskLink(arg: unknown): Promise<string | undefined> {
    const ref = refOf(arg);
    if (!ref) return undefined;
    const link = editorLink({ task: ref });
    await vscode.env.clipboard.writeText(link);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the link to {0}', ref), 3000);
    return link;
  }

  /** The URI handler: opens the task, message or run the link names (asks to sign in first when needed). */
  async handleUri(uri: vscode.Uri): Promise<OpenTarget | undefined> {
    const target = uri.path.replace(/\/+$/, '') === '/open' ? parseEditorOpenUri(uri.query) : null;
    if (!target) {
      void this.#services.showError(new WscError(vscode.l10n.t('That link does not name a task, a message or a run.'), vscode.l10n.t('Links look like vscode://wsc-dev.wsc/open?task=T-12; copy it again from the task or message.')), vscode.l10n.t('Could not open the link'));
      return undefined;
    }
    if (!this.#services.auth.client()) {
      const signIn = vscode.l10n.t('Sign In');
      const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Sign in to the workspace to open this link.'), signIn);
      if (choice !== signIn) return undefined;
      await vscode.commands.executeCommand(COMMAND_IDS.signIn);
      if (!this.#services.auth.client()) return undefined;
    }
    if ('task' in target) await this.openTask(target.task);
    else if ('message' in target) await vscode.commands.executeCommand(COMMAND_IDS.openMessageLink, target.message);
    else await vscode.commands.executeCommand(COMMAND_IDS.openRun, { runId: target.run });
    return target;
  }
}

/** The shared editor link, with this editor's own URI scheme (vscode, vscode-insiders, …). */
export function editorLink(target: OpenTarget): string {
  return editorOpenUri(target, EXTENSION_ID).replace(/^[a-z-]+:/, `${vscode.env.uriScheme}:`);
}

