// Runs: statuses, the fan-out plan graph, retry.

import { nullable, ref, stringEnum, Type, type Static } from './schema-kit';
import { RUN_STATUSES } from './values';

export const RunStatusSchema = stringEnum(RUN_STATUSES, { $id: 'RunStatus' });

export const RunGraphNodeSchema = Type.Object(
  {
    run_id: Type.String(),
    status: ref(RunStatusSchema),
    started_at: nullable(Type.String()),
    ended_at: nullable(Type.String()),
  },
  { $id: 'RunGraphNode' },
);
export type RunGraphNode = Static<typeof RunGraphNodeSchema>;

/** Content-free shape of a fan-out plan: ids, statuses, timing only. */
export const RunGraphSchema = Type.Object(
  { manager: ref(RunGraphNodeSchema), specialists: Type.Array(ref(RunGraphNodeSchema)) },
  { $id: 'RunGraph', description: 'Content-free shape of a fan-out plan: ids, statuses, timing only.' },
);
export type RunGraph = Static<typeof RunGraphSchema>;

export const RetryRunResultSchema = Type.Object({ ok: Type.Literal(true), run_id: Type.String(), status: ref(RunStatusSchema) }, { $id: 'RetryRunResult' });
export type RetryRunResult = Static<typeof RetryRunResultSchema>;
