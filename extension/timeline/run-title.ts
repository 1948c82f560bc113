// A run's tab title (vscode-free). Run ids that share their start (sequential ids such as
// 00000000-…-000000000501 and …502, a parent and its child) must still give distinct tabs, so the
// title shows the id's end, which differs between any two ids of the same shape.
export function runTabTitle(runId: string): string {
  const id = runId.trim();
  return id.length > 12 ? `Run …${id.slice(-8)}` : `Run ${id}`;
}
