// Placeholder until the local service lands: `wsc serve` entry point.
export async function runServe(_argv: string[]): Promise<number> {
  process.stderr.write('wsc serve: the local service is not built yet.\n');
  return 1;
}
