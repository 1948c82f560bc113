// Whether to colour what we write: never with NO_COLOR set to anything non-empty (https://no-color.org)
// or on TERM=dumb, and only when the stream is a terminal.
export function wantsColor(stream: Pick<NodeJS.WriteStream, 'isTTY'> = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}
