// (wip from the emulator helper, to fold into the resource files) Answers of the discovery routes
// and the inbound webhook, which had no schema of their own yet.
import { LIMITS } from './limits';
import { Type, type Static } from './schema-kit';

export const OpenApiDocumentSchema = Type.Object(
  { openapi: Type.String(), info: Type.Object({}, { additionalProperties: true }), paths: Type.Object({}, { additionalProperties: true }) },
  { $id: 'OpenApiDocument', description: 'An OpenAPI 3.1 document (this one).', additionalProperties: true },
);

export const McpServerCardSchema = Type.Object(
  {
    protocolVersion: Type.String(),
    serverInfo: Type.Object({ name: Type.String(), version: Type.String() }, { additionalProperties: true }),
    transport: Type.Object({ type: Type.String(), endpoint: Type.String() }),
    capabilities: Type.Object({}, { additionalProperties: true }),
    tools: Type.Array(Type.Object({ name: Type.String(), inputSchema: Type.Object({}, { additionalProperties: true }) }, { additionalProperties: true })),
  },
  { $id: 'McpServerCard', description: 'What an MCP client needs before connecting: endpoint, transport, authentication, capabilities and tools.', additionalProperties: true },
);

export const WebhookAcceptedSchema = Type.Object(
  { ok: Type.Literal(true), run: Type.Object({ id: Type.String(), status: Type.String(), detail: Type.String() }) },
  { $id: 'WebhookAccepted' },
);
export type WebhookAccepted = Static<typeof WebhookAcceptedSchema>;

/** A generic action's input: the command's inputSchema from list_capabilities decides the rest. */
export const ActionInputSchema = Type.Object({}, { $id: 'ActionInput', additionalProperties: true, description: "The command's inputSchema (unknown keys are refused); optional requestId." });

/** DELETE /channels/{id}/env?name=... */
export const DeleteEnvQuerySchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 64, description: 'The value to delete.' }) },
  { $id: 'DeleteEnvQuery', additionalProperties: false },
);

// Small parts of the OpenAPI document and the MCP tool inputs that are not a resource's shape.

/** A path id as the service accepts it (bounded; longer is 400). */
export const pathIdSchema = (description: string) => ({ type: 'string', minLength: 1, maxLength: LIMITS.idMax, description });

/** The Idempotency-Key header, and the idempotency_key argument of an MCP write. */
export const IDEMPOTENCY_KEY_DESCRIPTION =
  'A stable key (a UUID works) for this write: repeating it with the same key and arguments replays the first answer instead of writing twice.';
export const idempotencyKeySchema = () => ({ type: 'string', minLength: 1, maxLength: LIMITS.requestIdMax, description: IDEMPOTENCY_KEY_DESCRIPTION });

/** A header or text answer carrying a plain string or a whole number. */
export const plainStringSchema = () => ({ type: 'string' });
export const plainIntegerSchema = () => ({ type: 'integer' });

/** The error body of one status: the Error component with its code fixed. */
export const errorAnswerSchema = (errorRef: string, code: string) => ({
  allOf: [{ $ref: errorRef }, { type: 'object', properties: { error: { type: 'object', properties: { code: { const: code } } } } }],
});

/** An MCP tool's input: the given properties and nothing else. */
export interface ToolInputSchema {
  type: 'object';
  properties: Record<string, object>;
  required?: string[];
  additionalProperties: false;
}
export function closedInputSchema(properties: Record<string, object>, required: string[]): ToolInputSchema {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}
