// Every identifier the extension contributes, in one vscode-free place. The public ones
// (commands wsc.signIn/signOut/search/openMessageLink, views wsc.channels/tasks/mentions/docs,
// settings wsc.serviceUrl/clientName) are stable: other tools drive them.

export const EXTENSION_ID = 'wsc-dev.wsc';

export const VIEW_CONTAINER = 'wsc';

export const VIEWS = {
  channels: 'wsc.channels',
  tasks: 'wsc.tasks',
  mentions: 'wsc.mentions',
  docs: 'wsc.docs',
  inbox: 'wsc.inbox',
  accounts: 'wsc.accounts',
} as const;

export const COMMAND_IDS = {
  // auth
  signIn: 'wsc.signIn',
  signOut: 'wsc.signOut',
  useDemoService: 'wsc.useDemoService',
  showLog: 'wsc.showLog',
  checkService: 'wsc.checkServiceCompatibility',
  // several accounts: the active one drives the views
  switchAccount: 'wsc.switchAccount',
  addAccount: 'wsc.addAccount',
  signOutAccount: 'wsc.signOutAccount',
  // channels
  openChannel: 'wsc.openChannel',
  refreshChannels: 'wsc.channels.refresh',
  copyChannelLink: 'wsc.channels.copyLink',
  joinChannel: 'wsc.channels.join',
  muteChannel: 'wsc.channels.mute',
  unmuteChannel: 'wsc.channels.unmute',
  // tasks
  refreshTasks: 'wsc.tasks.refresh',
  createTask: 'wsc.tasks.create',
  groupTasksByStatus: 'wsc.tasks.groupByStatus',
  groupTasksByEpic: 'wsc.tasks.groupByEpic',
  filterTasks: 'wsc.tasks.filter',
  clearTaskFilters: 'wsc.tasks.clearFilters',
  setTaskStatus: 'wsc.tasks.setStatus',
  setTaskPriority: 'wsc.tasks.setPriority',
  setTaskAssignee: 'wsc.tasks.setAssignee',
  appendTaskNote: 'wsc.tasks.appendNote',
  openTaskPr: 'wsc.tasks.openPr',
  copyTaskRef: 'wsc.tasks.copyRef',
  // mentions
  refreshMentions: 'wsc.mentions.refresh',
  openMention: 'wsc.mentions.open',
  markMentionsRead: 'wsc.mentions.markAllRead',
  // the attention inbox
  openInboxItem: 'wsc.inbox.open',
  markInboxDone: 'wsc.inbox.markDone',
  markInboxRead: 'wsc.inbox.markRead',
  markAllInboxDone: 'wsc.inbox.markAllDone',
  toggleInboxFocusMode: 'wsc.inbox.toggleFocusMode',
  enterInboxFocusMode: 'wsc.inbox.enterFocusMode',
  leaveInboxFocusMode: 'wsc.inbox.leaveFocusMode',
  refreshInbox: 'wsc.inbox.refresh',
  // docs (the file commands are DOC_COMMAND_IDS)
  refreshDocs: 'wsc.docs.refresh',
  previewDoc: 'wsc.docs.preview',
  // search and links
  search: 'wsc.search',
  openMessageLink: 'wsc.openMessageLink',
  // run timeline: stable; openRun is an alias not in the palette, which the channel panel calls with { runId }
  openRunTimeline: 'wsc.openRunTimeline',
  openRun: 'wsc.openRun',
  // per-channel panels (stable: other tools drive them)
  manageAutomations: 'wsc.manageAutomations',
  channelSettings: 'wsc.channelSettings',
  // actions
  runAction: 'wsc.runAction',
  // the outbox (writes waiting for the service)
  listOutbox: 'wsc.outbox.list',
  // the workspace's MCP server for the editor's agent mode
  showMcpServer: 'wsc.showMcpServer',
} as const;

/** contributes.mcpServerDefinitionProviders id (the workspace's MCP server for agent mode). */
export const MCP_PROVIDER_ID = 'wsc.mcpServers';

/** Webview panel view types (each has a serializer that restores its panels after a reload). */
export const WEBVIEW_VIEW_TYPES = {
  channelPanel: 'wsc.channelPanel',
  automations: 'wsc.automations',
  channelSettings: 'wsc.channelSettings',
  runTimeline: 'wsc.runTimeline',
} as const;

export const SETTINGS = {
  section: 'wsc',
  serviceUrl: 'serviceUrl',
  clientName: 'clientName',
  quietDuringDebug: 'quietDuringDebug',
  inboxFocusMode: 'inbox.focusMode',
} as const;

/** The Tasks view: saved views (named queries), each a section of the tree. */
export const TASK_SETTINGS = {
  queries: 'tasks.queries',
} as const;

/** Language model tools (extension/lm-tools/): offer only the reads. */
export const AGENT_TOOL_SETTINGS = {
  readOnly: 'agentTools.readOnly',
} as const;

/** Status bar items. */
export const STATUS_BAR_IDS = {
  mentions: 'wsc.mentions',
  branchTask: 'wsc.branchTask',
  outbox: 'wsc.outbox',
  inbox: 'wsc.inbox',
  account: 'wsc.account',
} as const;

/** workspaceState keys. */
export const WORKSPACE_STATE_KEYS = {
  taskGrouping: 'wsc.tasks.grouping',
} as const;

/** `when`-clause context keys set by the extension. */
export const CONTEXT_KEYS = {
  signedIn: 'wsc.signedIn',
  taskGrouping: 'wsc.tasks.grouping',
  taskFiltered: 'wsc.tasks.filtered',
  inboxFocusMode: 'wsc.inbox.focusMode',
} as const;

export const AUTH_PROVIDER_ID = 'wsc';
export const AUTH_PROVIDER_LABEL = 'Workspace';

/** Docs as files (scheme wsc-doc). wsc.newDoc is stable. */
export const DOC_COMMAND_IDS = {
  newDoc: 'wsc.newDoc',
  newFolder: 'wsc.docs.newFolder',
  openDoc: 'wsc.docs.open',
  findDoc: 'wsc.docs.find',
  renameDoc: 'wsc.docs.rename',
  moveDoc: 'wsc.docs.move',
  deleteDoc: 'wsc.docs.delete',
  resolveConflict: 'wsc.docs.resolveConflict',
} as const;

/** Pull-request links. wsc.linkPullRequest, wsc.unlinkPullRequest and wsc.startWork are stable. */
export const PR_COMMAND_IDS = {
  linkPullRequest: 'wsc.linkPullRequest',
  unlinkPullRequest: 'wsc.unlinkPullRequest',
  startWork: 'wsc.startWork',
} as const;

export const PR_SETTINGS = {
  branchPattern: 'branchPattern',
} as const;

/** While coding: hovers, links and completion of T-refs, @handles and message links; TODO → task; sharing code. */
export const EDITOR_COMMAND_IDS = {
  openTask: 'wsc.openTask',
  copyTaskLink: 'wsc.copyTaskLink',
  createTaskFromComment: 'wsc.createTaskFromComment',
  linkCommentToTask: 'wsc.linkCommentToTask',
  shareSelection: 'wsc.shareSelectionToChannel',
  addSelectionToTask: 'wsc.addSelectionToTask',
  insertBranchTaskRef: 'wsc.insertBranchTaskRef',
} as const;

export const EDITOR_SETTINGS = {
  completionInCode: 'completion.inCode',
  commitMessageRef: 'commitMessageRef',
} as const;
