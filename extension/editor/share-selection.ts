/**
 * Sharing code: "Share Selection to Channel…" posts the selected lines (or the cursor's line) as a
 * fenced block with the language, `path:lines` and a permalink, to a channel or one of its recent
 * threads; "Add Selection to Task as Note…" appends the same to a task. The shared
 * codeSnippetMessage refuses binary text and a body longer than the contract allows (a message
 * body, or a task note), before any request.
 *
 * Arguments (scripts and tests): `{ uri?, range?: [sl, sc, el, ec], channelId?, threadRootId? }`
 * and `{ uri?, range?, ref? }`; without them the active editor's selection and quick picks.
 */
import * as vscode from 'vscode';
import { codeSnippetMessage, type Client, type Message } from '../../shared/index';
import { channelDisplayName } from '../channels/channel-items';
import type { WscServices } from '../context';
import { WscError } from '../errors/describe-error';
import type { GitAdapter } from '../git/git-adapter';
import { COMMAND_IDS } from '../ids';
import { codeLocationOf } from './code-location';
import { refOf } from './open-target';
import type { ReferenceCache } from './reference-cache';
import { pickTask } from './task-pick';

interface ShareArgs {
  uri?: string;
  range?: [number, number, number, number];
  channelId?: string;
  threadRootId?: string;
  ref?: string;
}

export type ShareResult = { ok: true; id: string; url: string } | { ok: false; reason: string };

export interface ShareDeps {
  services: WscServices;
  git: GitAdapter;
  cache(): ReferenceCache | undefined;
}

function argsOf(arg: unknown): ShareArgs {
  return typeof arg === 'object' && arg !== null && !(arg instanceof vscode.Uri) ? (arg as ShareArgs) : {};
}

/** The snippet body for the selection (the cursor's line when nothing is selected), or the refusal shown to the person. */
async function snippetOf(deps: ShareDeps, args: ShareArgs, headline: string, into: 'message' | 'note'): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  const document = args.uri ? await vscode.workspace.openTextDocument(vscode.Uri.parse(args.uri)) : editor?.document;
  if (!document) return void deps.services.showError(new WscError(vscode.l10n.t('There is no open file to share from.'), vscode.l10n.t('Open a file and select the lines first.')), headline);
  let range: vscode.Range;
  if (args.range) range = new vscode.Range(...args.range);
  else if (editor && editor.document === document && !editor.selection.isEmpty) range = editor.selection;
  else range = document.lineAt(editor?.document === document ? editor.selection.active.line : 0).range;
  const endLine = range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line;
  const location = await codeLocationOf(deps.git, document, range.start.line, endLine);
  const result = codeSnippetMessage({ location, language: document.languageId, text: document.getText(range), into });
  if (!result.ok) return void deps.services.showError(new WscError(result.message, result.hint), headline);
  return result.body;
}

async function pickChannel(client: Client): Promise<string | undefined> {
  const channels = (await client.channels()).filter((c) => !c.archived && c.is_member);
  const chosen = await vscode.window.showQuickPick(
    channels.map((c) => ({ label: channelDisplayName(c), description: c.private ? 'private' : undefined, id: c.id })),
    { placeHolder: vscode.l10n.t('Share the selection to which channel?'), matchOnDescription: true },
  );
  return chosen?.id;
}

/** undefined: cancelled; null: a new message in the channel; else the thread root. */
async function pickThread(client: Client, channelId: string): Promise<string | null | undefined> {
  const recent = (await client.messages(channelId, { limit: 20 })).messages.filter((m: Message) => m.parent_id === null).reverse();
  const firstLine = (m: Message) => m.body.split('\n')[0]?.slice(0, 80) ?? '';
  const chosen = await vscode.window.showQuickPick(
    [{ label: `$(comment) ${vscode.l10n.t('New message in the channel')}`, root: null as string | null }, ...recent.map((m) => ({ label: `$(reply) ${firstLine(m)}`, description: m.reply_count ? vscode.l10n.t('{0} · {1} replies', m.author.name, m.reply_count) : m.author.name, root: m.id as string | null }))],
    { placeHolder: vscode.l10n.t('Post as a new message, or reply in a thread') },
  );
  return chosen ? chosen.root : undefined;
}

export async function shareSelection(deps: ShareDeps, arg: unknown): Promise<ShareResult | undefined> {
  const args = argsOf(arg);
  const headline = vscode.l10n.t('Could not share the selection');
  const body = await snippetOf(deps, args, headline, 'message');
  if (body === undefined) return { ok: false, reason: 'refused' };
  return deps.services.withClient(headline, async (client) => {
    const channelId = args.channelId ?? (await pickChannel(client));
    if (!channelId) return undefined;
    const root = args.channelId ? (args.threadRootId ?? null) : await pickThread(client, channelId);
    if (root === undefined) return undefined;
    const posted = await client.postMessage(channelId, root ? { body, parent_id: root } : { body });
    const open = vscode.l10n.t('Open');
    void vscode.window.showInformationMessage(vscode.l10n.t('Shared the selection.'), open).then((choice) => {
      if (choice === open) void vscode.commands.executeCommand(COMMAND_IDS.openMessageLink, posted.url);
    });
    return { ok: true as const, id: posted.id, url: posted.url };
  });
}

export async function addSelectionToTask(deps: ShareDeps, arg: unknown): Promise<{ ref: string } | { ok: false; reason: string } | undefined> {
  const args = argsOf(arg);
  const headline = vscode.l10n.t('Could not add the selection to the task');
  const body = await snippetOf(deps, args, headline, 'note');
  if (body === undefined) return { ok: false, reason: 'refused' };
  const cache = deps.cache();
  if (!cache) return void deps.services.showError(deps.services.auth.notSignedInError(), headline);
  const ref = refOf(args.ref) ?? (await pickTask(cache, 'Add the selection to which task?'));
  if (!ref) return undefined;
  const done = await deps.services.sendWrite(headline, { kind: 'task_update', taskRef: ref, patch: { append_note: body } });
  if (!done) return undefined;
  cache.forget(ref);
  if (done.kind === 'sent') vscode.window.setStatusBarMessage(vscode.l10n.t('Added the selection to {0}', ref), 3000);
  return { ref };
}
