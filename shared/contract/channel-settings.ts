// A channel's env values, budget and warm workspace.

import { LIMITS } from './limits';
import { nullable, ref, requestBody, stringEnum, Type, type Static } from './schema-kit';
import { ENV_KINDS, ENV_NAME_PATTERN, WARM_STATUSES } from './values';

export const EnvEntrySchema = Type.Object(
  {
    name: Type.String(),
    kind: stringEnum(ENV_KINDS),
    fingerprint: Type.String({ description: '`sha256:<first 12 hex>` of the value; the value itself is never returned.' }),
    last_used_at: nullable(Type.String()),
  },
  { $id: 'EnvEntry' },
);
export type EnvEntry = Static<typeof EnvEntrySchema>;

export const EnvResponseSchema = Type.Object({ env: Type.Array(ref(EnvEntrySchema)) }, { $id: 'EnvResponse' });
export type EnvResponse = Static<typeof EnvResponseSchema>;

export const PutEnvInputSchema = requestBody(
  {
    name: Type.String({ pattern: ENV_NAME_PATTERN.source, maxLength: LIMITS.envNameMax, description: 'Upper-case letters, digits and underscores, not starting with a digit.', examples: ['API_BASE_URL'] }),
    value: Type.String({ minLength: 1, maxLength: LIMITS.envValueMax, description: 'Write-only: never answered back.' }),
    kind: stringEnum(ENV_KINDS),
  },
  { $id: 'PutEnvInput' },
);
export type PutEnvInput = Static<typeof PutEnvInputSchema>;

export const BudgetSchema = Type.Object(
  {
    monthlyCredits: nullable(Type.Number({ minimum: 0 })),
    usedCredits: Type.Number(),
    month: Type.String({ pattern: '^\\d{4}-\\d{2}$', description: '`YYYY-MM`.', examples: ['2026-11'] }),
  },
  { $id: 'Budget' },
);
export type Budget = Static<typeof BudgetSchema>;

export const PutBudgetInputSchema = requestBody(
  { monthlyCredits: nullable(Type.Number({ minimum: 0, description: 'null removes the budget.' })) },
  { $id: 'PutBudgetInput' },
);
export type PutBudgetInput = Static<typeof PutBudgetInputSchema>;

export const WarmWorkspaceSchema = Type.Object(
  { status: stringEnum(WARM_STATUSES), stale: Type.Boolean(), enabled: Type.Boolean(), updated_at: nullable(Type.String()) },
  { $id: 'WarmWorkspace' },
);
export type WarmWorkspace = Static<typeof WarmWorkspaceSchema>;

/** DELETE /channels/{id}/env?name=... */
export const DeleteEnvQuerySchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: LIMITS.envNameMax, description: 'The value to delete.' }) },
  { $id: 'DeleteEnvQuery', additionalProperties: false },
);
