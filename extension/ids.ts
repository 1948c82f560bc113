// Every identifier the extension contributes, in one vscode-free place. The public ones
// (commands wsc.signIn/signOut/search/openMessageLink, views wsc.channels/tasks/mentions/docs,
// settings wsc.serviceUrl/clientName) are stable: other tools drive them.

export const EXTENSION_ID = 'wsc.wsc';

export const VIEW_CONTAINER = 'wsc';

export const VIEWS = {
  channels: 'wsc.channels',
  tasks: 'wsc.tasks',
  mentions: 'wsc.mentions',
  docs: 'wsc.docs',
} as const;

export const COMMAND_IDS = {
  // auth
  signIn: 'wsc.signIn',
  signOut: 'wsc.signOut',
  useDemoService: 'wsc.useDemoService',
  showLog: 'wsc.showLog',
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
  // docs (issue 6 adds opening and editing)
  refreshDocs: 'wsc.docs.refresh',
  previewDoc: 'wsc.docs.preview',
  // search and links
  search: 'wsc.search',
  openMessageLink: 'wsc.openMessageLink',
} as const;

export const SETTINGS = {
  section: 'wsc',
  serviceUrl: 'serviceUrl',
  clientName: 'clientName',
  quietDuringDebug: 'quietDuringDebug',
} as const;

/** `when`-clause context keys set by the extension. */
export const CONTEXT_KEYS = {
  signedIn: 'wsc.signedIn',
  taskGrouping: 'wsc.tasks.grouping',
  taskFiltered: 'wsc.tasks.filtered',
} as const;

export const AUTH_PROVIDER_ID = 'wsc';
export const AUTH_PROVIDER_LABEL = 'Workspace';
