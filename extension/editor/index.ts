/**
 * While coding: hovers, links and completion of T-refs, @handles and message links (in code
 * comments and strings, Markdown, plain text, workspace docs and the commit message box), TODO →
 * task code actions, sharing the selection to a channel or a task, the branch's ref in the commit
 * message, and the `vscode://wsc-dev.wsc/open?…` URI handler.
 *
 * The providers exist only while signed in: they are registered at sign-in and disposed at
 * sign-out, together with the per-account ReferenceCache they answer from. Commands stay
 * registered and say "sign in" when signed out; the URI handler asks to sign in.
 */
import * as vscode from 'vscode';
import { commitMessageWithRef, taskRefOfBranch, type CommitRefMode } from '../../shared/index';
import type { WscServices } from '../context';
import { WscError } from '../errors/describe-error';
import { EDITOR_COMMAND_IDS, EDITOR_SETTINGS, SETTINGS } from '../ids';
import type { PullRequestsFeature } from '../pull-requests/index';
import type { TasksFeature } from '../tasks/index';
import { OpenTargets } from './open-target';
import { ReferenceCache, type ReferenceSource } from './reference-cache';
import { LazyReferenceProviders, LazyTodoActionProvider, loadEditorCode } from './lazy-providers';
import { REFERENCE_SELECTOR, TODO_SELECTOR, todoActionKinds } from './provider-scopes';

export interface EditorFeature {
  /** The cache of the signed-in account; undefined while signed out. */
  cache(): ReferenceCache | undefined;
  /** Whether the hover, link, completion and code action providers are registered now. */
  providersRegistered(): boolean;
  open: OpenTargets;
  /** The URI handler, for tests (`vscode.env.openExternal` does not reach it in the browser workbench). */
  handleUri(uri: vscode.Uri): Promise<unknown>;
}

/** How long after sign-in the people list starts loading. */
const PEOPLE_WARM_DELAY_MS = 1_500;

/** Always the current client, so a new token or service behind the same account is used. */
function sourceOf(services: WscServices): ReferenceSource {
  const client = () => services.auth.requireClient();
  return {
    readAction: (command, input, opts) => client().readAction(command, input, opts),
    tasks: (q) => client().tasks(q),
    channels: () => client().channels(),
    members: (channelId) => client().members(channelId),
    links: (channelId) => client().links(channelId),
    messageLink: (url) => client().messageLink(url),
  };
}

export function registerEditor(services: WscServices, tasks: TasksFeature, pullRequests: PullRequestsFeature): EditorFeature {
  const git = pullRequests.git;
  let active: { account: string; cache: ReferenceCache; registrations: vscode.Disposable[] } | undefined;
  const cache = () => active?.cache;

  const branchRef = async () => taskRefOfBranch(await git.context());
  const providers = new LazyReferenceProviders({ cache, branchRef });

  const sync = () => {
    const identity = services.auth.identity;
    const account = services.auth.client() && identity ? `${services.config().serviceUrl}|${identity.workspaceId}|${identity.userId}` : undefined;
    if (active && active.account === account) return;
    if (active) {
      active.cache.clear();
      for (const d of active.registrations) d.dispose();
      active = undefined;
    }
    if (!account) return;
    const cache = new ReferenceCache(sourceOf(services), { me: identity?.userId });
    // The people list costs a call per channel: load it soon after sign-in, off the activation path.
    const warming = setTimeout(() => void cache.warmPeople(), PEOPLE_WARM_DELAY_MS);
    active = {
      account,
      cache,
      registrations: [
        { dispose: () => clearTimeout(warming) },
        vscode.languages.registerHoverProvider(REFERENCE_SELECTOR, providers),
        vscode.languages.registerDocumentLinkProvider(REFERENCE_SELECTOR, providers),
        vscode.languages.registerCompletionItemProvider(REFERENCE_SELECTOR, providers, '-', '@', '#'),
        vscode.languages.registerCodeActionsProvider(TODO_SELECTOR, new LazyTodoActionProvider(), { providedCodeActionKinds: todoActionKinds() }),
      ],
    };
  };

  const open = new OpenTargets(services, tasks, cache);
  const deps = { services, git, cache };

  services.register(
    services.onDidChangeSession(sync),
    // An edit through the Tasks view (Set Status… from a card, a note, a new task) refreshes it: cards read again.
    tasks.tree.onDidChangeTreeData(() => active?.cache.forget()),
    { dispose: () => active && (active.cache.clear(), active.registrations.forEach((d) => d.dispose())) },
    vscode.window.registerUriHandler({ handleUri: (uri) => void open.handleUri(uri) }),
    vscode.commands.registerCommand(EDITOR_COMMAND_IDS.openTask, (arg?: unknown) => open.openTask(arg)),
    vscode.commands.registerCommand(EDITOR_COMMAND_IDS.copyTaskLink, (arg?: unknown) => open.copyTaskLink(arg)),
    vscode.commands.registerCommand(EDITOR_COMMAND_IDS.createTaskFromComment, async (arg?: unknown) => (await loadEditorCode()).createTaskFromCode(deps, arg)),
    vscode.commands.registerCommand(EDITOR_COMMAND_IDS.linkCommentToTask, async (arg?: unknown) => (await loadEditorCode()).linkCommentToTask(deps, arg)),
    vscode.commands.registerCommand(EDITOR_COMMAND_IDS.shareSelection, async (arg?: unknown) => (await loadEditorCode()).shareSelection(deps, arg)),
    vscode.commands.registerCommand(EDITOR_COMMAND_IDS.addSelectionToTask, async (arg?: unknown) => (await loadEditorCode()).addSelectionToTask(deps, arg)),
    vscode.commands.registerCommand(EDITOR_COMMAND_IDS.insertBranchTaskRef, () => insertBranchTaskRef(services, pullRequests)),
  );
  sync();
  return { cache, providersRegistered: () => active !== undefined, open, handleUri: (uri) => open.handleUri(uri) };
}

/** The SCM title menu's "Add Task Ref": the branch's ref into the commit message, where the setting says (trailer when it is off, since the person asked). */
async function insertBranchTaskRef(services: WscServices, pullRequests: PullRequestsFeature): Promise<string | undefined> {
  const repo = await pullRequests.git.repository();
  const ref = taskRefOfBranch(await pullRequests.git.context());
  if (!repo || !ref) {
    void services.showError(new WscError(vscode.l10n.t('This branch names no task.'), vscode.l10n.t('Name the branch after the task (e.g. T-12-fix-login) with "Start Work on Task", or type the ref yourself.')), vscode.l10n.t('Could not add the task ref'));
    return undefined;
  }
  const setting = vscode.workspace.getConfiguration(SETTINGS.section).get<CommitRefMode>(EDITOR_SETTINGS.commitMessageRef, 'trailer');
  const mode: CommitRefMode = setting === 'off' ? 'trailer' : setting;
  repo.inputBox.value = commitMessageWithRef(repo.inputBox.value, ref, mode);
  return repo.inputBox.value;
}
