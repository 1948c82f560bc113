// The input schema of every generic command (what list_capabilities publishes as `inputSchema`):
// closed objects with camelCase keys. A command with a confirmation phrase takes `confirm`, and
// every command that changes something takes an optional `requestId` unless it declares its own.
// Nullable ids keep the `type: ['string', 'null']` form: the faces build their input forms from
// `type` (shared/actions/input-form.ts).
import type { JsonSchema } from './actions';
import { LIMITS } from './limits';
import { id, stringEnum, Type, type TSchema } from './schema-kit';
import { COMMANDS as C, CONFIRM_PHRASES } from './values';

type Properties = Record<string, TSchema>;

const uuid = () => Type.String({ format: 'uuid' });
const name80 = () => Type.String({ minLength: 1, maxLength: LIMITS.nameMax });
const description500 = () => Type.String({ maxLength: LIMITS.channelDescriptionMax });
const emoji = () => Type.String({ minLength: 1, maxLength: LIMITS.emojiMax, description: 'A standard emoji glyph or a workspace :emoji: token.' });
const stringOrNull = (options: Record<string, unknown> = {}) => Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });
const requestUuid = () => Type.String({ format: 'uuid', description: 'Idempotency key (UUID).' });
const requestId = () =>
  Type.String({ minLength: 1, maxLength: LIMITS.requestIdMax, description: 'Idempotency key; a repeat with the same key returns the original receipt.' });

/** `emoji:<one emoji>` or `icon:<name>`, optionally `:#rrggbb`. */
export const ROOM_ICON_PATTERN =
  '^(?:emoji:(?:\\p{Extended_Pictographic}|\\p{Regional_Indicator})(?:\\p{Emoji_Modifier}|\\uFE0F|\\u200D(?:\\p{Extended_Pictographic})|\\p{Regional_Indicator})*|icon:[A-Za-z][A-Za-z0-9_-]{0,63})(?::#[0-9a-fA-F]{6})?$';
const roomIcon = () =>
  stringOrNull({ pattern: ROOM_ICON_PATTERN, description: '`emoji:<glyph>` or `icon:<name>`, optionally ending in `:#rrggbb`; null for the default.' });

const slugs = (description?: string) => Type.Array(Type.String({ maxLength: 80 }), description ? { description } : {});
const onboardingAnswers = () =>
  Type.Object(
    {
      intent: Type.Optional(Type.String({ maxLength: 500 })),
      project: Type.Optional(Type.String({ maxLength: 4000, description: 'What the team is building; finishing creates a doc from it.' })),
      agentTools: Type.Optional(slugs()),
      connectionInterests: Type.Optional(slugs()),
      skillInterests: Type.Optional(slugs('Agent template slugs.')),
      setupGoal: Type.Optional(stringEnum(['invite', 'agent', 'repo', 'connections', 'skills', 'first_contribution'] as const)),
    },
    { additionalProperties: false },
  );

/** One command's input: the named properties required, the rest optional, nothing else accepted. */
function input(name: string, changes: boolean, properties: Properties, required: readonly string[] = []): JsonSchema {
  const phrase = (CONFIRM_PHRASES as Readonly<Record<string, string>>)[name];
  const all: Properties = { ...properties };
  const mandatory = new Set(required);
  if (phrase) {
    all.confirm = Type.Literal(phrase, { description: `Type exactly '${phrase}'.` });
    mandatory.add('confirm');
  }
  if (changes && !all.requestId) all.requestId = requestId();
  const shaped = Object.fromEntries(Object.entries(all).map(([key, schema]) => [key, mandatory.has(key) ? schema : Type.Optional(schema)]));
  // The same object, read through the catalogue's plain JSON Schema interface.
  return Type.Object(shaped, { additionalProperties: false }) as TSchema as JsonSchema;
}
const read = (name: string, properties: Properties = {}, required: readonly string[] = []) => [name, input(name, false, properties, required)] as const;
const write = (name: string, properties: Properties, required: readonly string[] = []) => [name, input(name, true, properties, required)] as const;

/** Command name → its input schema. */
export const COMMAND_INPUT_SCHEMAS: Readonly<Record<string, JsonSchema>> = Object.fromEntries([
  read('list_capabilities'),
  // Workspace
  write(C.createWorkspace, { name: name80() }, ['name']),
  write(C.updateWorkspace, { workspaceId: uuid(), name: name80(), avatarUrl: Type.String({ format: 'https-url', maxLength: LIMITS.avatarUrlMax }) }, ['workspaceId']),
  write(C.leaveWorkspace, { workspaceId: uuid() }, ['workspaceId']),
  write(C.transferWorkspace, { workspaceId: uuid(), userId: uuid() }, ['workspaceId', 'userId']),
  write(C.deleteWorkspace, { workspaceId: uuid() }, ['workspaceId']),
  // Channels
  write(C.createChannel, { workspaceId: uuid(), name: name80(), description: description500(), isPrivate: Type.Boolean(), roomIcon: roomIcon() }, ['workspaceId', 'name']),
  write(C.updateChannel, { channelId: uuid(), name: name80(), description: description500(), roomIcon: roomIcon() }, ['channelId']),
  write(C.archiveChannel, { channelId: uuid() }, ['channelId']),
  write(C.restoreChannel, { channelId: uuid() }, ['channelId']),
  write(C.joinChannel, { channelId: uuid() }, ['channelId']),
  write(C.leaveChannel, { channelId: uuid() }, ['channelId']),
  write(C.deleteChannel, { channelId: uuid() }, ['channelId']),
  // People
  write(
    C.setStatus,
    { emoji: Type.String({ maxLength: LIMITS.emojiMax }), text: Type.String({ maxLength: 100 }), expiresAt: stringOrNull({ format: 'date-time' }) },
    ['emoji', 'text'],
  ),
  // Native artifacts
  read(C.listNativeArtifacts, { channelId: id() }, ['channelId']),
  read(C.getNativeArtifact, { artifactId: id() }, ['artifactId']),
  // Messages
  write(C.addReaction, { messageId: id(), emoji: emoji() }, ['messageId', 'emoji']),
  write(C.removeReaction, { messageId: id(), emoji: emoji() }, ['messageId', 'emoji']),
  write(C.pinMessage, { messageId: id() }, ['messageId']),
  write(C.unpinMessage, { messageId: id() }, ['messageId']),
  write(C.deleteMessage, { messageId: id() }, ['messageId']),
  // Docs
  write(C.createDocFolder, { title: name80(), parentId: stringOrNull() }, ['title']),
  write(C.moveDoc, { docId: id(), parentId: stringOrNull() }, ['docId', 'parentId']),
  write(C.renameDoc, { docId: id(), title: Type.String({ minLength: 1, maxLength: LIMITS.docTitleMax }) }, ['docId', 'title']),
  write(C.deleteDoc, { docId: id() }, ['docId']),
  // Tasks
  read(C.getTask, { taskId: id() }, ['taskId']),
  write(C.deleteTask, { taskId: id() }, ['taskId']),
  write(C.assignTask, { taskId: id(), assigneeUserId: stringOrNull(), assigneeAgentId: stringOrNull() }, ['taskId']),
  // Founder invitations
  read(C.listFounderInvites),
  write(
    C.createFounderInvite,
    {
      email: Type.String({ format: 'email', maxLength: 320 }),
      plan: stringEnum(['pro', 'max'] as const, { default: 'max' }),
      months: Type.Integer({ minimum: 1, maximum: 12, default: 1 }),
      subject: Type.String({ maxLength: 200 }),
      note: Type.String({ maxLength: LIMITS.inviteNotesMax }),
      acceptWithinDays: Type.Integer({ minimum: 1, maximum: 90, default: 30 }),
      creditsPerMonth: Type.Integer({ minimum: 1, maximum: 50000, description: "Default: the plan's one-seat monthly allowance." }),
      requestId: requestUuid(),
    },
    ['email', 'requestId'],
  ),
  read(C.previewFounderInvite, { inviteId: id() }, ['inviteId']),
  write(C.sendFounderInvite, { inviteId: id(), requestId: requestUuid(), resend: Type.Boolean(), deliveryAttemptId: id() }, ['inviteId', 'requestId']),
  write(C.revokeFounderInvite, { inviteId: id() }, ['inviteId']),
  write(C.extendFounderGift, { inviteId: id(), months: Type.Integer({ minimum: 1, maximum: 12 }) }, ['inviteId', 'months']),
  write(C.updateFounderInviteNotes, { inviteId: id(), notes: Type.String({ maxLength: LIMITS.inviteNotesMax }) }, ['inviteId', 'notes']),
  // Onboarding
  read(C.getOnboarding, { workspaceId: uuid() }, ['workspaceId']),
  write(C.saveOnboarding, { workspaceId: uuid(), answers: onboardingAnswers() }, ['workspaceId', 'answers']),
  write(C.finishOnboarding, { workspaceId: uuid() }, ['workspaceId']),
  // Dispatch approvals
  write(C.approveDispatch, { dispatchId: id() }, ['dispatchId']),
]);

/** What a client assumes when a service's catalogue entry has no input schema: any object. */
export const UNDECLARED_COMMAND_INPUT: JsonSchema = Type.Object({}) as TSchema as JsonSchema;
