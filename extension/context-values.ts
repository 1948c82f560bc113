// Every `contextValue` a tree item can carry, built here and nowhere else: package.json's menus
// match them with `viewItem`, and test/extension/unit/when-clauses.test.ts checks every clause
// against the values listed per view below.

export function channelContextValue(channel: { isMember: boolean; muted: boolean }): string {
  return `channel:${channel.isMember ? 'member' : 'notMember'}:${channel.muted ? 'muted' : 'unmuted'}`;
}

export const CHANNEL_HEADING_CONTEXT = 'heading';

export function taskContextValue(task: { hasPullRequest: boolean }): string {
  return task.hasPullRequest ? 'task:pr' : 'task';
}

export function taskGroupContextValue(group: { isEpic: boolean }): string {
  return group.isEpic ? 'taskGroup:epic' : 'taskGroup';
}

export function mentionContextValue(mention: { unread: boolean }): string {
  return mention.unread ? 'mention:unread' : 'mention';
}

export function docContextValue(doc: { isFolder: boolean }): string {
  return doc.isFolder ? 'docFolder' : 'doc';
}

export function inboxItemContextValue(item: { state: 'unread' | 'read' | 'done' }): string {
  return `inboxItem:${item.state}`;
}

export const INBOX_GROUP_CONTEXT = 'inboxGroup';

/** A saved view's section in the Tasks tree, and the row of one that is wrong or could not be read. */
export const TASK_VIEW_CONTEXT = 'taskView';
export const TASK_VIEW_PROBLEM_CONTEXT = 'taskViewProblem';

/** A row of the Accounts view: the active account, or another one to switch to. */
export function accountContextValue(account: { active: boolean }): string {
  return account.active ? 'account:active' : 'account:other';
}

/** The last row of a list that may be cut ("More… narrow or search"): no menu acts on it. */
export const MORE_CONTEXT = 'more';

const both = [true, false] as const;

/** Each tree view's every possible context value. */
export const CONTEXT_VALUES_BY_VIEW: Readonly<Record<string, readonly string[]>> = {
  'wsc.channels': [CHANNEL_HEADING_CONTEXT, ...both.flatMap((isMember) => both.map((muted) => channelContextValue({ isMember, muted })))],
  'wsc.tasks': [...both.map((hasPullRequest) => taskContextValue({ hasPullRequest })), ...both.map((isEpic) => taskGroupContextValue({ isEpic })), TASK_VIEW_CONTEXT, TASK_VIEW_PROBLEM_CONTEXT, MORE_CONTEXT],
  'wsc.mentions': both.map((unread) => mentionContextValue({ unread })),
  'wsc.inbox': [INBOX_GROUP_CONTEXT, ...(['unread', 'read', 'done'] as const).map((state) => inboxItemContextValue({ state }))],
  'wsc.docs': [...both.map((isFolder) => docContextValue({ isFolder })), MORE_CONTEXT],
  'wsc.accounts': both.map((active) => accountContextValue({ active })),
};
