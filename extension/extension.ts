// VS Code extension entry: only wires. Each feature folder registers itself through the
// service container (extension/context.ts); see extension/README.md.
import type * as vscode from 'vscode';
import { registerActions } from './actions/index';
import { registerAuth } from './auth/index';
import { registerAutomations } from './automations/index';
import { registerChannelSettings } from './channel-settings/index';
import { registerChannelPanels } from './channel-panel/index';
import { registerChannels } from './channels/index';
import { createServices, restoreSession } from './context';
import { registerDocs } from './docs/index';
import { registerEditor } from './editor/index';
import { registerLmTools } from './lm-tools/index';
import { registerMcp } from './mcp/index';
import { registerInbox } from './inbox/index';
import { registerMentions } from './mentions/index';
import { registerOutbox } from './outbox/index';
import { registerPullRequests } from './pull-requests/index';
import { registerSearch } from './search/index';
import { registerTasks } from './tasks/index';
import type { WscExtensionApi } from './test-api';
import { registerTimeline } from './timeline/index';
import { registerCloseOnSignOut } from './panels/close-on-sign-out';

export function activate(context: vscode.ExtensionContext): WscExtensionApi {
  const started = performance.now();
  const services = createServices(context);

  const outbox = registerOutbox(services);
  const auth = registerAuth(services, { beforeSignOut: (account) => outbox.confirmSignOut(account) });
  // Mentions and channels need each other's state (names and mutes; unread mention counts):
  // the mentions feature reads the channels feature lazily, once both exist.
  const mentions = registerMentions(services, {
    channelName: (id) => channels.tree.find(id)?.name,
    isMuted: (id) => channels.state.isMuted(id),
    routeMention: (row) => inbox.takeMention(row),
  });
  const channels = registerChannels(services, mentions.inbox);
  const panels = registerChannelPanels(services, channels, outbox);
  const tasks = registerTasks(services, channels);
  const docs = registerDocs(services, outbox);
  registerSearch(services, channels);
  const pullRequests = registerPullRequests(services);
  const editor = registerEditor(services, tasks, pullRequests);
  const timeline = registerTimeline(services, outbox);
  const inbox = registerInbox(services, {
    outbox,
    git: pullRequests.git,
    timeline,
    isMuted: (id) => channels.state.isMuted(id),
    markMentionRead: (id) => mentions.inbox.markRead(id),
  });
  const automations = registerAutomations(services);
  const channelSettings = registerChannelSettings(services);
  const actions = registerActions(services);
  const mcp = registerMcp(services);
  const lmTools = registerLmTools(services);
  registerCloseOnSignOut(services);

  const ready = restoreSession(services);
  const activationMs = Math.round((performance.now() - started) * 100) / 100;
  services.log.info(`activated in ${activationMs} ms`);
  if (!services.testMode) return {};
  return { testApi: { services, ready, activationMs, auth, channels, tasks, mentions, docs, panels, pullRequests, timeline, automations, channelSettings, actions, mcp, lmTools, editor, outbox, inbox } };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
