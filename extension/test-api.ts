// What activate() returns when WSC_TEST_MODE=1, for the integration suite in
// test/extension/suite/. Each feature adds its handle here (one field per feature).
import type { ActionsFeature } from './actions/index';
import type { AuthFeature } from './auth/index';
import type { AutomationsFeature } from './automations/index';
import type { ChannelSettingsFeature } from './channel-settings/index';
import type { ChannelsFeature } from './channels/index';
import type { WscServices } from './context';
import type { DocsFeature } from './docs/index';
import type { EditorFeature } from './editor/index';
import type { InboxFeature } from './inbox/index';
import type { LmToolsFeature } from './lm-tools/index';
import type { McpFeature } from './mcp/index';
import type { MentionsFeature } from './mentions/index';
import type { ChannelPanelsFeature } from './channel-panel/index';
import type { OutboxFeature } from './outbox/index';
import type { PullRequestsFeature } from './pull-requests/index';
import type { TasksFeature } from './tasks/index';
import type { TimelineFeature } from './timeline/index';

export interface WscTestApi {
  services: WscServices;
  /** Resolves once the stored session (if any) was restored at activation. */
  ready: Promise<void>;
  /** activate() duration in milliseconds, 0.01 ms resolution (restoring the session not included). */
  activationMs: number;
  auth: AuthFeature;
  channels: ChannelsFeature;
  tasks: TasksFeature;
  mentions: MentionsFeature;
  docs: DocsFeature;
  panels: ChannelPanelsFeature;
  pullRequests: PullRequestsFeature;
  timeline: TimelineFeature;
  automations: AutomationsFeature;
  channelSettings: ChannelSettingsFeature;
  actions: ActionsFeature;
  mcp: McpFeature;
  lmTools: LmToolsFeature;
  editor: EditorFeature;
  outbox: OutboxFeature;
  inbox: InboxFeature;
}

export interface WscExtensionApi {
  testApi?: WscTestApi;
}
