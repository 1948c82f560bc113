// Generic actions: capabilities, receipts, the commands called by name.

import type { Role, Scope } from './auth';
import { ref, stringEnum, Type, type Static } from './schema-kit';
import { COMMAND_RISKS } from './values';

/** A JSON Schema object as published by list_capabilities (a recursive shape, so an interface). */
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

export const CapabilitySchema = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    risk: stringEnum(COMMAND_RISKS),
    inputSchema: Type.Unsafe<JsonSchema>({ type: 'object', description: 'JSON Schema of the command input (camelCase keys).' }),
    roles: Type.Array(Type.Unsafe<Role>(Type.String())),
    scopes: Type.Array(Type.Unsafe<Scope>(Type.String())),
    auditTarget: Type.String(),
    transports: Type.Array(stringEnum(['rest', 'mcp', 'webmcp'] as const)),
    rateClass: stringEnum(['read', 'write', 'admin'] as const),
    idempotency: stringEnum(['none', 'requestId'] as const),
    interactiveOnly: Type.Boolean(),
    webmcpDisposition: stringEnum(['exposed', 'hidden', 'confirm'] as const),
    confirmPhrase: Type.Optional(Type.String({ description: '(ours) the exact phrase `confirm` must carry, for commands that need one.' })),
  },
  { $id: 'Capability' },
);
export type Capability = Static<typeof CapabilitySchema>;

export const WebmcpAgentConsumerSchema = Type.Object({ supported: Type.Boolean(), note: Type.String() }, { $id: 'WebmcpAgentConsumer' });

export const CapabilitiesResponseSchema = Type.Object(
  {
    commands: Type.Array(ref(CapabilitySchema)),
    webmcpStandard: Type.String(),
    webmcpAgentConsumer: ref(WebmcpAgentConsumerSchema),
  },
  { $id: 'CapabilitiesResponse' },
);
export type CapabilitiesResponse = Static<typeof CapabilitiesResponseSchema>;

export const ActionReceiptSchema = Type.Object(
  { actionId: Type.String(), requestId: Type.String(), replayed: Type.Boolean() },
  { $id: 'ActionReceipt' },
);
export type ActionReceipt = Static<typeof ActionReceiptSchema>;

/** A command's answer: its output; mutations also carry `ok: true` and `receipt`. */
export const ActionResultSchema = Type.Object(
  { ok: Type.Optional(Type.Literal(true)), receipt: Type.Optional(ref(ActionReceiptSchema)) },
  { $id: 'ActionResult', additionalProperties: true, description: 'Command output. Mutations also carry `ok: true` and `receipt`.' },
);

export type ActionMutationResult<T extends object = Record<string, unknown>> = {
  ok: true;
  receipt: ActionReceipt;
} & T;

/** A generic action's input: the command's inputSchema from list_capabilities decides the rest. */
export const ActionInputSchema = Type.Object({}, { $id: 'ActionInput', additionalProperties: true, description: "The command's inputSchema (unknown keys are refused); optional requestId." });
