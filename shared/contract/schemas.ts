// Every wire schema with an `$id`, keyed by it: what a validator registers before compiling one
// that uses ref(), and what the OpenAPI document lists as its components. A test holds this list
// equal to the `*Schema` exports with an `$id` (test/shared/client/contract-schemas.test.ts); it is
// a list rather than a walk over the modules so that a bundle can drop the schemas it never uses.
import { ConfirmationSchema } from './wire';
import { ErrorBodySchema, ErrorCodeSchema } from './errors';
import { IdentitySchema } from './me';
import { ChannelSchema, ChannelsResponseSchema } from './channels';
import { RetryRunResultSchema, RunGraphNodeSchema, RunGraphSchema, RunStatusSchema } from './runs';
import { AuthorSchema, EditMessageInputSchema, EditMessageResultSchema, MessageSchema, MessagesPageSchema, MessagesQuerySchema, PostMessageInputSchema, PostMessageResultSchema, ThreadQuerySchema, ThreadSchema } from './messages';
import { MentionRowSchema, MentionsQuerySchema, MentionsResponseSchema } from './mentions';
import { SearchQuerySchema, SearchResponseSchema } from './search';
import { MessageLinkQuerySchema, MessageLinkResultSchema } from './message-link-lookup';
import { MemberSchema, MembersResponseSchema } from './members';
import { LinkSchema, LinksResponseSchema } from './channel-links';
import { CreateDocInputSchema, CreateDocResultSchema, DocListItemSchema, DocSchema, DocsQuerySchema, DocsResponseSchema, PatchDocInputSchema, PatchDocResultSchema } from './docs';
import { CreateTaskInputSchema, CreateTaskResultSchema, PatchTaskInputSchema, PatchTaskResultSchema, TaskKindSchema, TaskPrioritySchema, TaskResultSchema, TaskRowSchema, TaskSchema, TaskStatusSchema, TasksQuerySchema, TasksResponseSchema } from './tasks';
import { RunEventSchema, RunEventsPageSchema, RunEventsQuerySchema } from './run-events';
import { WakeCoordinatesSchema } from './wake';
import { DiscoveryDocumentSchema, McpServerCardSchema, OpenApiDocumentSchema } from './discovery';
import { AutomationActionSchema, AutomationRunSchema, AutomationSchema, AutomationTriggerSchema, AutomationsResponseSchema, PatchAutomationInputSchema, UpsertAutomationInputSchema, UpsertAutomationResultSchema, WebhookAcceptedSchema } from './automations';
import { BudgetSchema, DeleteEnvQuerySchema, EnvEntrySchema, EnvResponseSchema, PutBudgetInputSchema, PutEnvInputSchema, WarmWorkspaceSchema } from './channel-settings';
import { PutArtifactAddressInputSchema, PutArtifactAddressResultSchema } from './artifacts';
import { ActionInputSchema, ActionReceiptSchema, ActionResultSchema, CapabilitiesResponseSchema, CapabilitySchema, WebmcpAgentConsumerSchema } from './actions';
import { derefSchema, type TSchema } from './schema-kit';

function registry(schemas: readonly TSchema[]): Readonly<Record<string, TSchema>> {
  const out: Record<string, TSchema> = {};
  for (const schema of schemas) {
    const schemaId = schema.$id;
    if (typeof schemaId !== 'string') throw new Error('a registered contract schema has no $id');
    if (out[schemaId]) throw new Error(`two contract schemas have the $id "${schemaId}"`);
    out[schemaId] = schema;
  }
  return out;
}

export const CONTRACT_SCHEMAS: Readonly<Record<string, TSchema>> = registry([
  ConfirmationSchema,
  ErrorBodySchema,
  ErrorCodeSchema,
  IdentitySchema,
  ChannelSchema,
  ChannelsResponseSchema,
  RunStatusSchema,
  RunGraphNodeSchema,
  RunGraphSchema,
  RetryRunResultSchema,
  AuthorSchema,
  MessageSchema,
  MessagesPageSchema,
  MessagesQuerySchema,
  ThreadQuerySchema,
  PostMessageInputSchema,
  EditMessageInputSchema,
  PostMessageResultSchema,
  EditMessageResultSchema,
  ThreadSchema,
  MentionRowSchema,
  MentionsQuerySchema,
  MentionsResponseSchema,
  SearchQuerySchema,
  SearchResponseSchema,
  MessageLinkResultSchema,
  MessageLinkQuerySchema,
  MemberSchema,
  MembersResponseSchema,
  LinkSchema,
  LinksResponseSchema,
  DocSchema,
  DocListItemSchema,
  DocsResponseSchema,
  DocsQuerySchema,
  CreateDocInputSchema,
  CreateDocResultSchema,
  PatchDocInputSchema,
  PatchDocResultSchema,
  TaskStatusSchema,
  TaskKindSchema,
  TaskPrioritySchema,
  TaskSchema,
  TaskRowSchema,
  TasksResponseSchema,
  TaskResultSchema,
  TasksQuerySchema,
  CreateTaskInputSchema,
  CreateTaskResultSchema,
  PatchTaskInputSchema,
  PatchTaskResultSchema,
  RunEventSchema,
  RunEventsPageSchema,
  RunEventsQuerySchema,
  WakeCoordinatesSchema,
  DiscoveryDocumentSchema,
  AutomationTriggerSchema,
  AutomationActionSchema,
  AutomationRunSchema,
  AutomationSchema,
  AutomationsResponseSchema,
  UpsertAutomationInputSchema,
  PatchAutomationInputSchema,
  UpsertAutomationResultSchema,
  EnvEntrySchema,
  EnvResponseSchema,
  PutEnvInputSchema,
  BudgetSchema,
  PutBudgetInputSchema,
  WarmWorkspaceSchema,
  PutArtifactAddressInputSchema,
  PutArtifactAddressResultSchema,
  CapabilitySchema,
  WebmcpAgentConsumerSchema,
  CapabilitiesResponseSchema,
  ActionReceiptSchema,
  ActionResultSchema,
  OpenApiDocumentSchema,
  McpServerCardSchema,
  WebhookAcceptedSchema,
  ActionInputSchema,
  DeleteEnvQuerySchema,
]);

/** A contract schema with every `$ref` inlined: one self-contained plain JSON Schema object. */
export function selfContained(schema: TSchema | string): Record<string, unknown> {
  const root = typeof schema === 'string' ? CONTRACT_SCHEMAS[schema] : schema;
  if (!root) throw new Error(`no contract schema with $id "${String(schema)}"`);
  return derefSchema(root, CONTRACT_SCHEMAS);
}
