// The generic action catalog: every command's published contract (list_capabilities) plus the
// few internal flags the runner needs. Handlers live in ./commands; this file is data only.
import {
  COMMANDS as C,
  CONFIRM_PHRASES,
  LIMITS,
  SCOPES,
  type Capability,
  type CommandRisk,
  type JsonSchema,
  type Role,
  type Scope,
} from '../../shared/contract';
import * as s from './schema-parts';

export interface CommandSpec extends Capability {
  /** Only a person with `founder: true` may run it (founder invitations). */
  founderOnly: boolean;
}

const ALL_ROLES: Role[] = ['owner', 'admin', 'member', 'guest'];
const MEMBER_ROLES: Role[] = ['owner', 'admin', 'member'];
const ADMIN_ROLES: Role[] = ['owner', 'admin'];

interface Definition {
  name: string;
  description: string;
  risk: CommandRisk;
  input: Record<string, JsonSchema>;
  required?: string[];
  roles?: Role[];
  scopes?: Scope[];
  auditTarget: string;
  founderOnly?: boolean;
  /** Mutations take an optional `requestId` unless the definition declares its own. */
  noRequestId?: boolean;
}

function defaultRoles(risk: CommandRisk): Role[] {
  if (risk === 'read') return ALL_ROLES;
  if (risk === 'write') return MEMBER_ROLES;
  return ADMIN_ROLES;
}

function defaultScopes(risk: CommandRisk): Scope[] {
  if (risk === 'read') return [SCOPES.read];
  if (risk === 'write') return [SCOPES.write];
  return [SCOPES.admin];
}

function define(d: Definition): CommandSpec {
  const phrase = (CONFIRM_PHRASES as Record<string, string>)[d.name];
  const properties: Record<string, JsonSchema> = { ...d.input };
  const required = [...(d.required ?? [])];
  if (phrase) {
    properties.confirm = s.confirm(phrase);
    if (!required.includes('confirm')) required.push('confirm');
  }
  if (d.risk !== 'read' && !d.noRequestId && !properties.requestId) properties.requestId = s.requestId;
  const spec: CommandSpec = {
    name: d.name,
    description: d.description,
    risk: d.risk,
    inputSchema: s.object(properties, required),
    roles: d.roles ?? defaultRoles(d.risk),
    scopes: d.scopes ?? defaultScopes(d.risk),
    auditTarget: d.auditTarget,
    transports: d.risk === 'destructive' ? ['rest', 'mcp'] : ['rest', 'mcp', 'webmcp'],
    rateClass: d.risk === 'read' ? 'read' : d.risk === 'write' ? 'write' : 'admin',
    idempotency: d.risk === 'read' ? 'none' : 'requestId',
    interactiveOnly: false,
    webmcpDisposition: d.risk === 'destructive' ? 'hidden' : d.risk === 'admin' ? 'confirm' : 'exposed',
    founderOnly: d.founderOnly ?? false,
  };
  if (phrase) spec.confirmPhrase = phrase;
  return spec;
}

const onboardingAnswers: JsonSchema = s.object({
  intent: { type: 'string', maxLength: 500 },
  project: { type: 'string', maxLength: 4000, description: 'What the team is building; finishing creates a doc from it.' },
  agentTools: { type: 'array', items: { type: 'string', maxLength: 80 } },
  connectionInterests: { type: 'array', items: { type: 'string', maxLength: 80 } },
  skillInterests: { type: 'array', items: { type: 'string', maxLength: 80 }, description: 'Agent template slugs.' },
  setupGoal: { type: 'string', enum: ['invite', 'agent', 'repo', 'connections', 'skills', 'first_contribution'] },
});

const DEFINITIONS: Definition[] = [
  { name: 'list_capabilities', description: 'This catalog: every command with its input schema, roles, scopes and risk.', risk: 'read', input: {}, auditTarget: 'none' },
  // Workspace
  { name: C.createWorkspace, description: 'Create a new workspace owned by the caller.', risk: 'write', input: { name: s.name80 }, required: ['name'], auditTarget: 'workspace' },
  {
    name: C.updateWorkspace,
    description: "Rename the workspace or change its avatar.",
    risk: 'admin',
    input: { workspaceId: s.uuid, name: s.name80, avatarUrl: { type: 'string', format: 'https-url', maxLength: LIMITS.avatarUrlMax } },
    required: ['workspaceId'],
    auditTarget: 'workspace',
  },
  { name: C.leaveWorkspace, description: 'Leave the workspace. The owner must transfer ownership first.', risk: 'write', roles: ALL_ROLES, input: { workspaceId: s.uuid }, required: ['workspaceId'], auditTarget: 'workspace' },
  { name: C.transferWorkspace, description: 'Make another member the owner; the caller becomes an admin.', risk: 'destructive', roles: ['owner'], input: { workspaceId: s.uuid, userId: s.uuid }, required: ['workspaceId', 'userId'], auditTarget: 'workspace' },
  { name: C.deleteWorkspace, description: 'Delete the workspace and everything in it.', risk: 'destructive', roles: ['owner'], input: { workspaceId: s.uuid }, required: ['workspaceId'], auditTarget: 'workspace' },
  // Channels
  {
    name: C.createChannel,
    description: 'Create a channel; the caller becomes its first member.',
    risk: 'write',
    input: { workspaceId: s.uuid, name: s.name80, description: s.description500, isPrivate: { type: 'boolean' }, roomIcon: s.roomIcon },
    required: ['workspaceId', 'name'],
    auditTarget: 'channel',
  },
  {
    name: C.updateChannel,
    description: "Change a channel's name, description or room icon.",
    risk: 'write',
    input: { channelId: s.uuid, name: s.name80, description: s.description500, roomIcon: s.roomIcon },
    required: ['channelId'],
    auditTarget: 'channel',
  },
  { name: C.archiveChannel, description: 'Archive a channel (read-only, hidden from pickers).', risk: 'admin', input: { channelId: s.uuid }, required: ['channelId'], auditTarget: 'channel' },
  { name: C.restoreChannel, description: 'Restore an archived channel.', risk: 'admin', input: { channelId: s.uuid }, required: ['channelId'], auditTarget: 'channel' },
  { name: C.joinChannel, description: 'Join a public channel.', risk: 'write', input: { channelId: s.uuid }, required: ['channelId'], auditTarget: 'channel' },
  { name: C.leaveChannel, description: 'Leave a channel.', risk: 'write', roles: ALL_ROLES, input: { channelId: s.uuid }, required: ['channelId'], auditTarget: 'channel' },
  { name: C.deleteChannel, description: 'Delete a channel and its messages.', risk: 'destructive', input: { channelId: s.uuid }, required: ['channelId'], auditTarget: 'channel' },
  // People
  {
    name: C.setStatus,
    description: "Set the caller's own custom status; empty emoji and text clear it.",
    risk: 'write',
    roles: ALL_ROLES,
    input: { emoji: { type: 'string', maxLength: 64 }, text: { type: 'string', maxLength: 100 }, expiresAt: { type: ['string', 'null'], format: 'date-time' } },
    required: ['emoji', 'text'],
    auditTarget: 'person',
  },
  // Native artifacts
  { name: C.listNativeArtifacts, description: 'List the mini apps published from a room.', risk: 'read', input: { channelId: s.id }, required: ['channelId'], auditTarget: 'artifact' },
  { name: C.getNativeArtifact, description: 'Read one mini app published from a room.', risk: 'read', input: { artifactId: s.id }, required: ['artifactId'], auditTarget: 'artifact' },
  // Messages
  { name: C.addReaction, description: 'React to a message.', risk: 'write', roles: ALL_ROLES, input: { messageId: s.id, emoji: s.emoji }, required: ['messageId', 'emoji'], auditTarget: 'message' },
  { name: C.removeReaction, description: "Remove the caller's reaction from a message.", risk: 'write', roles: ALL_ROLES, input: { messageId: s.id, emoji: s.emoji }, required: ['messageId', 'emoji'], auditTarget: 'message' },
  { name: C.pinMessage, description: 'Pin a message in its channel.', risk: 'write', input: { messageId: s.id }, required: ['messageId'], auditTarget: 'message' },
  { name: C.unpinMessage, description: 'Unpin a message.', risk: 'write', input: { messageId: s.id }, required: ['messageId'], auditTarget: 'message' },
  { name: C.deleteMessage, description: "Delete one of the caller's own messages.", risk: 'write', roles: ALL_ROLES, input: { messageId: s.id }, required: ['messageId'], auditTarget: 'message' },
  // Docs
  { name: C.createDocFolder, description: 'Create a docs folder.', risk: 'write', input: { title: s.name80, parentId: { type: ['string', 'null'] } }, required: ['title'], auditTarget: 'doc' },
  { name: C.moveDoc, description: 'Move a doc or folder under another folder (null for the root).', risk: 'write', input: { docId: s.id, parentId: { type: ['string', 'null'] } }, required: ['docId', 'parentId'], auditTarget: 'doc' },
  { name: C.renameDoc, description: 'Rename a doc or folder.', risk: 'write', input: { docId: s.id, title: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['docId', 'title'], auditTarget: 'doc' },
  { name: C.deleteDoc, description: 'Delete a doc (a folder must be empty).', risk: 'destructive', input: { docId: s.id }, required: ['docId'], auditTarget: 'doc' },
  // Tasks
  { name: C.getTask, description: 'Read one task or epic by id or T-ref.', risk: 'read', roles: MEMBER_ROLES, input: { taskId: s.id }, required: ['taskId'], auditTarget: 'task' },
  { name: C.deleteTask, description: 'Delete a task or epic.', risk: 'destructive', input: { taskId: s.id }, required: ['taskId'], auditTarget: 'task' },
  {
    name: C.assignTask,
    description: 'Assign a task to a person or an agent; null clears.',
    risk: 'write',
    input: { taskId: s.id, assigneeUserId: { type: ['string', 'null'] }, assigneeAgentId: { type: ['string', 'null'] } },
    required: ['taskId'],
    auditTarget: 'task',
  },
  // Founder invitations
  { name: C.listFounderInvites, description: 'The latest 200 founder invitations and their gift status.', risk: 'read', roles: MEMBER_ROLES, scopes: [SCOPES.admin], founderOnly: true, input: {}, auditTarget: 'founder_invite' },
  {
    name: C.createFounderInvite,
    description: 'Draft a founder invitation with a gifted plan. Does not send email.',
    risk: 'write',
    roles: MEMBER_ROLES,
    scopes: [SCOPES.admin],
    founderOnly: true,
    input: {
      email: { type: 'string', format: 'email', maxLength: 320 },
      plan: { type: 'string', enum: ['pro', 'max'], default: 'max' },
      months: { type: 'integer', minimum: 1, maximum: 12, default: 1 },
      subject: { type: 'string', maxLength: 200 },
      note: { type: 'string', maxLength: LIMITS.inviteNotesMax },
      acceptWithinDays: { type: 'integer', minimum: 1, maximum: 90, default: 30 },
      creditsPerMonth: { type: 'integer', minimum: 1, maximum: 50000, description: "Default: the plan's one-seat monthly allowance." },
      requestId: s.requestUuid,
    },
    required: ['email', 'requestId'],
    auditTarget: 'founder_invite',
  },
  { name: C.previewFounderInvite, description: 'The exact email text and the private link of an invitation.', risk: 'read', roles: MEMBER_ROLES, scopes: [SCOPES.admin], founderOnly: true, input: { inviteId: s.id }, required: ['inviteId'], auditTarget: 'founder_invite' },
  {
    name: C.sendFounderInvite,
    description: 'Record a send of the invitation email. resend:true (new requestId) sends again on purpose; deliveryAttemptId retries a failed attempt.',
    risk: 'write',
    roles: MEMBER_ROLES,
    scopes: [SCOPES.admin],
    founderOnly: true,
    input: { inviteId: s.id, requestId: s.requestUuid, resend: { type: 'boolean' }, deliveryAttemptId: s.id },
    required: ['inviteId', 'requestId'],
    auditTarget: 'founder_invite',
  },
  { name: C.revokeFounderInvite, description: 'Revoke an unclaimed invitation.', risk: 'write', roles: MEMBER_ROLES, scopes: [SCOPES.admin], founderOnly: true, input: { inviteId: s.id }, required: ['inviteId'], auditTarget: 'founder_invite' },
  {
    name: C.extendFounderGift,
    description: 'Set the absolute total duration of a gift (months, max 12). The current allowance is not refilled.',
    risk: 'write',
    roles: MEMBER_ROLES,
    scopes: [SCOPES.admin],
    founderOnly: true,
    input: { inviteId: s.id, months: { type: 'integer', minimum: 1, maximum: 12 } },
    required: ['inviteId', 'months'],
    auditTarget: 'founder_invite',
  },
  {
    name: C.updateFounderInviteNotes,
    description: 'Replace the private notes of an invitation.',
    risk: 'write',
    roles: MEMBER_ROLES,
    scopes: [SCOPES.admin],
    founderOnly: true,
    input: { inviteId: s.id, notes: { type: 'string', maxLength: LIMITS.inviteNotesMax } },
    required: ['inviteId', 'notes'],
    auditTarget: 'founder_invite',
  },
  // Onboarding
  { name: C.getOnboarding, description: 'Saved welcome answers and setup progress.', risk: 'read', roles: MEMBER_ROLES, input: { workspaceId: s.uuid }, required: ['workspaceId'], auditTarget: 'onboarding' },
  { name: C.saveOnboarding, description: 'Patch the welcome answers; unlisted answers stay unchanged.', risk: 'write', input: { workspaceId: s.uuid, answers: onboardingAnswers }, required: ['workspaceId', 'answers'], auditTarget: 'onboarding' },
  { name: C.finishOnboarding, description: 'Finish the welcome; a described project becomes an editable doc (once).', risk: 'write', input: { workspaceId: s.uuid }, required: ['workspaceId'], auditTarget: 'onboarding' },
  // Dispatch approvals
  { name: C.approveDispatch, description: 'Approve an agent dispatch proposed by an automation; the agent then runs.', risk: 'write', input: { dispatchId: s.id }, required: ['dispatchId'], auditTarget: 'dispatch' },
];

export const CATALOG: ReadonlyMap<string, CommandSpec> = new Map(DEFINITIONS.map((d) => [d.name, define(d)]));

/** The published form: internal flags stripped. */
export function publishedCapability(spec: CommandSpec): Capability {
  const { founderOnly: _founderOnly, ...published } = spec;
  return published;
}
