// What a run timeline's webview saved with setState ({runId, filter, layout, scroll}); after a
// reload only the run id matters to the host. vscode-free.
import { isPlausibleRunId } from './run-target';

export function runIdFromState(state: unknown): string | undefined {
  const runId = typeof state === 'object' && state !== null ? (state as { runId?: unknown }).runId : undefined;
  return typeof runId === 'string' && isPlausibleRunId(runId) ? runId : undefined;
}
