// What the clients rely on beyond "an API v1 service": each endpoint, the contract schema its answer
// is checked with (the fields compared are that schema's, less what the tolerant overlay can do
// without: shared/validate), and what stops working without it; each generic command name.
import { COMMANDS } from '../contract';
import type { AnswerName } from '../validate/answers';

export interface ReliedOnEndpoint {
  method: 'get' | 'post' | 'patch';
  /** As the OpenAPI document writes it. */
  path: string;
  /** The `$id` of the contract schema of its answer. */
  schema: AnswerName;
  breaks: string;
}

export const RELIED_ON_ENDPOINTS: readonly ReliedOnEndpoint[] = [
  { method: 'get', path: '/api/v1/me', schema: 'Identity', breaks: 'signing in and "is this mine" (every face)' },
  { method: 'get', path: '/api/v1/channels', schema: 'ChannelsResponse', breaks: 'the channel lists (wsc channels, the TUI sidebar, the Channels view)' },
  { method: 'get', path: '/api/v1/channels/{id}/messages', schema: 'MessagesPage', breaks: 'reading channels (wsc read, the TUI, the channel panel)' },
  { method: 'post', path: '/api/v1/channels/{id}/messages', schema: 'PostMessageResult', breaks: 'posting (wsc post, compose in the TUI and the panel)' },
  { method: 'get', path: '/api/v1/threads/{id}', schema: 'Thread', breaks: 'threads (wsc post --thread, the TUI thread view, the panel)' },
  { method: 'get', path: '/api/v1/me/mentions', schema: 'MentionsResponse', breaks: 'mentions (wsc mentions, the TUI inbox, VS Code notifications)' },
  { method: 'get', path: '/api/v1/docs', schema: 'DocsResponse', breaks: 'the doc lists (wsc doc list, the TUI Docs view, the Docs view)' },
  { method: 'get', path: '/api/v1/docs/{id}', schema: 'Doc', breaks: 'doc editing (wsc refuses to save without the doc\'s version)' },
  { method: 'get', path: '/api/v1/tasks', schema: 'TasksResponse', breaks: 'the task lists (wsc task list, the TUI board, the Tasks view)' },
  { method: 'get', path: '/api/v1/runs/{id}/events', schema: 'RunEventsPage', breaks: 'run timelines (wsc events, the TUI run view, the timeline panel)' },
];

export interface ReliedOnCommand {
  name: string;
  breaks: string;
}

/** Generic command names the faces call; the spec says their names come from list_capabilities. */
export const RELIED_ON_COMMANDS: readonly ReliedOnCommand[] = [
  { name: COMMANDS.getTask, breaks: 'task details (wsc task show, the branch status item, PR linking)' },
  { name: COMMANDS.joinChannel, breaks: 'joining a public channel (TUI palette, VS Code)' },
  { name: COMMANDS.createDocFolder, breaks: 'new doc folders (VS Code Docs view)' },
  { name: COMMANDS.moveDoc, breaks: 'moving docs (VS Code Docs view)' },
  { name: COMMANDS.renameDoc, breaks: 'renaming docs (VS Code Docs view)' },
  { name: COMMANDS.deleteDoc, breaks: 'deleting docs (VS Code Docs view)' },
];
