// The generic action catalog: every command's published contract (list_capabilities) plus the
// few internal flags the runner needs. Handlers live in ./commands; this file is data only.
import {
  COMMAND_INPUT_SCHEMAS,
  COMMANDS as C,
  CONFIRM_PHRASES,
  SCOPES,
  type Capability,
  type CommandRisk,
  type Role,
  type Scope,
} from '../../shared/contract';

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
  roles?: Role[];
  scopes?: Scope[];
  auditTarget: string;
  founderOnly?: boolean;
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
  const inputSchema = COMMAND_INPUT_SCHEMAS[d.name];
  if (!inputSchema) throw new Error(`command ${d.name} has no input schema in shared/contract/command-inputs.ts`);
  if ((d.risk === 'read') === 'requestId' in (inputSchema.properties ?? {})) {
    throw new Error(`command ${d.name}: a ${d.risk} command's input ${d.risk === 'read' ? 'takes no' : 'needs a'} requestId (read() or write() in shared/contract/command-inputs.ts)`);
  }
  const spec: CommandSpec = {
    name: d.name,
    description: d.description,
    risk: d.risk,
    inputSchema,
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

const DEFINITIONS: Definition[] = [
  { name: 'list_capabilities', description: 'This catalog: every command with its input schema, roles, scopes and risk.', risk: 'read', auditTarget: 'none' },
  // Workspace
  { name: C.createWorkspace, description: 'Create a new workspace owned by the caller.', risk: 'write', auditTarget: 'workspace' },
  {
    name: C.updateWorkspace,
    description: "Rename the workspace or change its avatar.",
    risk: 'admin',
    auditTarget: 'workspace',
  },
  { name: C.leaveWorkspace, description: 'Leave the workspace. The owner must transfer ownership first.', risk: 'write', roles: ALL_ROLES, auditTarget: 'workspace' },
  { name: C.transferWorkspace, description: 'Make another member the owner; the caller becomes an admin.', risk: 'destructive', roles: ['owner'], auditTarget: 'workspace' },
  { name: C.deleteWorkspace, description: 'Delete the workspace and everything in it.', risk: 'destructive', roles: ['owner'], auditTarget: 'workspace' },
  // Channels
  {
    name: C.createChannel,
    description: 'Create a channel; the caller becomes its first member.',
    risk: 'write',
    auditTarget: 'channel',
  },
  {
    name: C.updateChannel,
    description: "Change a channel's name, description or room icon.",
    risk: 'write',
    auditTarget: 'channel',
  },
  { name: C.archiveChannel, description: 'Archive a channel (read-only, hidden from pickers).', risk: 'admin', auditTarget: 'channel' },
  { name: C.restoreChannel, description: 'Restore an archived channel.', risk: 'admin', auditTarget: 'channel' },
  { name: C.joinChannel, description: 'Join a public channel.', risk: 'write', auditTarget: 'channel' },
  { name: C.leaveChannel, description: 'Leave a channel.', risk: 'write', roles: ALL_ROLES, auditTarget: 'channel' },
  { name: C.deleteChannel, description: 'Delete a channel and its messages.', risk: 'destructive', auditTarget: 'channel' },
  // People
  {
    name: C.setStatus,
    description: "Set the caller's own custom status; empty emoji and text clear it.",
    risk: 'write',
    roles: ALL_ROLES,
    auditTarget: 'person',
  },
  // Native artifacts
  { name: C.listNativeArtifacts, description: 'List the mini apps published from a room.', risk: 'read', auditTarget: 'artifact' },
  { name: C.getNativeArtifact, description: 'Read one mini app published from a room.', risk: 'read', auditTarget: 'artifact' },
  // Messages
  { name: C.addReaction, description: 'React to a message.', risk: 'write', roles: ALL_ROLES, auditTarget: 'message' },
  { name: C.removeReaction, description: "Remove the caller's reaction from a message.", risk: 'write', roles: ALL_ROLES, auditTarget: 'message' },
  { name: C.pinMessage, description: 'Pin a message in its channel.', risk: 'write', auditTarget: 'message' },
  { name: C.unpinMessage, description: 'Unpin a message.', risk: 'write', auditTarget: 'message' },
  { name: C.deleteMessage, description: "Delete one of the caller's own messages.", risk: 'write', roles: ALL_ROLES, auditTarget: 'message' },
  // Docs
  { name: C.createDocFolder, description: 'Create a docs folder.', risk: 'write', auditTarget: 'doc' },
  { name: C.moveDoc, description: 'Move a doc or folder under another folder (null for the root).', risk: 'write', auditTarget: 'doc' },
  { name: C.renameDoc, description: 'Rename a doc or folder.', risk: 'write', auditTarget: 'doc' },
  { name: C.deleteDoc, description: 'Delete a doc (a folder must be empty).', risk: 'destructive', auditTarget: 'doc' },
  // Tasks
  { name: C.getTask, description: 'Read one task or epic by id or T-ref.', risk: 'read', roles: MEMBER_ROLES, auditTarget: 'task' },
  { name: C.deleteTask, description: 'Delete a task or epic.', risk: 'destructive', auditTarget: 'task' },
  {
    name: C.assignTask,
    description: 'Assign a task to a person or an agent; null clears.',
    risk: 'write',
    auditTarget: 'task',
  },
  // Founder invitations
  { name: C.listFounderInvites, description: 'The latest 200 founder invitations and their gift status.', risk: 'read', roles: MEMBER_ROLES, scopes: [SCOPES.admin], founderOnly: true, auditTarget: 'founder_invite' },
  {
    name: C.createFounderInvite,
    description: 'Draft a founder invitation with a gifted plan. Does not send email.',
    risk: 'write',
    roles: MEMBER_ROLES,
    scopes: [SCOPES.admin],
    founderOnly: true,
    auditTarget: 'founder_invite',
  },
  { name: C.previewFounderInvite, description: 'The exact email text and the private link of an invitation.', risk: 'read', roles: MEMBER_ROLES, scopes: [SCOPES.admin], founderOnly: true, auditTarget: 'founder_invite' },
  {
    name: C.sendFounderInvite,
    description: 'Record a send of the invitation email. resend:true (new requestId) sends again on purpose; deliveryAttemptId retries a failed attempt.',
    risk: 'write',
    roles: MEMBER_ROLES,
    scopes: [SCOPES.admin],
    founderOnly: true,
    auditTarget: 'founder_invite',
  },
  { name: C.revokeFounderInvite, description: 'Revoke an unclaimed invitation.', risk: 'write', roles: MEMBER_ROLES, scopes: [SCOPES.admin], founderOnly: true, auditTarget: 'founder_invite' },
  {
    name: C.extendFounderGift,
    description: 'Set the absolute total duration of a gift (months, max 12). The current allowance is not refilled.',
    risk: 'write',
    roles: MEMBER_ROLES,
    scopes: [SCOPES.admin],
    founderOnly: true,
    auditTarget: 'founder_invite',
  },
  {
    name: C.updateFounderInviteNotes,
    description: 'Replace the private notes of an invitation.',
    risk: 'write',
    roles: MEMBER_ROLES,
    scopes: [SCOPES.admin],
    founderOnly: true,
    auditTarget: 'founder_invite',
  },
  // Onboarding
  { name: C.getOnboarding, description: 'Saved welcome answers and setup progress.', risk: 'read', roles: MEMBER_ROLES, auditTarget: 'onboarding' },
  { name: C.saveOnboarding, description: 'Patch the welcome answers; unlisted answers stay unchanged.', risk: 'write', auditTarget: 'onboarding' },
  { name: C.finishOnboarding, description: 'Finish the welcome; a described project becomes an editable doc (once).', risk: 'write', auditTarget: 'onboarding' },
  // Dispatch approvals
  { name: C.approveDispatch, description: 'Approve an agent dispatch proposed by an automation; the agent then runs.', risk: 'write', auditTarget: 'dispatch' },
];

export const CATALOG: ReadonlyMap<string, CommandSpec> = new Map(DEFINITIONS.map((d) => [d.name, define(d)]));

/** The published form: internal flags stripped. */
export function publishedCapability(spec: CommandSpec): Capability {
  const { founderOnly: _founderOnly, ...published } = spec;
  return published;
}
