// Generic actions: capabilities, receipts, the commands called by name.

import type { Role, Scope } from './auth';

export type CommandRisk = 'read' | 'write' | 'admin' | 'destructive';

/** A JSON Schema object as published by list_capabilities. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  enum?: readonly (string | number | boolean | null)[];
  const?: string | number | boolean;
  format?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  description?: string;
  default?: unknown;
  pattern?: string;
}

export interface Capability {
  name: string;
  description: string;
  risk: CommandRisk;
  inputSchema: JsonSchema;
  roles: Role[];
  scopes: Scope[];
  auditTarget: string;
  transports: ('rest' | 'mcp' | 'webmcp')[];
  rateClass: 'read' | 'write' | 'admin';
  idempotency: 'none' | 'requestId';
  interactiveOnly: boolean;
  webmcpDisposition: 'exposed' | 'hidden' | 'confirm';
  /** (ours) the exact phrase `confirm` must carry, for commands that need one. */
  confirmPhrase?: string;
}

export interface CapabilitiesResponse {
  commands: Capability[];
  webmcpStandard: string;
  webmcpAgentConsumer: { supported: boolean; note: string };
}

export interface ActionReceipt {
  actionId: string;
  requestId: string;
  replayed: boolean;
}

export type ActionMutationResult<T extends object = Record<string, unknown>> = {
  ok: true;
  receipt: ActionReceipt;
} & T;

/** Command names the clients call by name; every other command is reached through list_capabilities. */
export const COMMANDS = {
  createWorkspace: 'create_workspace',
  updateWorkspace: 'update_workspace',
  leaveWorkspace: 'leave_workspace',
  transferWorkspace: 'transfer_workspace',
  deleteWorkspace: 'delete_workspace',
  createChannel: 'create_channel',
  updateChannel: 'update_channel',
  archiveChannel: 'archive_channel',
  restoreChannel: 'restore_channel',
  joinChannel: 'join_channel',
  leaveChannel: 'leave_channel',
  deleteChannel: 'delete_channel',
  setStatus: 'set_status',
  listNativeArtifacts: 'list_native_artifacts',
  getNativeArtifact: 'get_native_artifact',
  addReaction: 'add_reaction',
  removeReaction: 'remove_reaction',
  pinMessage: 'pin_message',
  unpinMessage: 'unpin_message',
  deleteMessage: 'delete_message',
  createDocFolder: 'create_doc_folder',
  moveDoc: 'move_doc',
  renameDoc: 'rename_doc',
  deleteDoc: 'delete_doc',
  getTask: 'get_task',
  deleteTask: 'delete_task',
  assignTask: 'assign_task',
  listFounderInvites: 'list_founder_invites',
  createFounderInvite: 'create_founder_invite',
  previewFounderInvite: 'preview_founder_invite',
  sendFounderInvite: 'send_founder_invite',
  revokeFounderInvite: 'revoke_founder_invite',
  extendFounderGift: 'extend_founder_gift',
  updateFounderInviteNotes: 'update_founder_invite_notes',
  getOnboarding: 'get_onboarding',
  saveOnboarding: 'save_onboarding',
  finishOnboarding: 'finish_onboarding',
  approveDispatch: 'approve_dispatch',
} as const;

export const CONFIRM_PHRASES = {
  leave_workspace: 'leave workspace',
  transfer_workspace: 'transfer ownership',
  delete_workspace: 'delete workspace permanently',
  delete_channel: 'delete channel permanently',
  delete_doc: 'delete doc permanently',
  delete_task: 'delete task permanently',
} as const;
