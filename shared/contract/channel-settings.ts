// A channel's env values, budget and warm workspace.

export type EnvKind = 'secret' | 'variable';

export interface EnvEntry {
  name: string;
  kind: EnvKind;
  /** `sha256:<first 12 hex>` of the value; the value itself is never returned. */
  fingerprint: string;
  last_used_at: string | null;
}

export interface EnvResponse {
  env: EnvEntry[];
}

export interface PutEnvInput {
  name: string;
  value: string;
  kind: EnvKind;
}

export const ENV_NAME_PATTERN = /^[A-Z_][A-Z0-9_]{0,63}$/;

export interface Budget {
  monthlyCredits: number | null;
  usedCredits: number;
  /** `YYYY-MM`. */
  month: string;
}

export interface PutBudgetInput {
  monthlyCredits: number | null;
}

export type WarmStatus = 'none' | 'building' | 'ready' | 'failed';

export interface WarmWorkspace {
  status: WarmStatus;
  stale: boolean;
  enabled: boolean;
  updated_at: string | null;
}
