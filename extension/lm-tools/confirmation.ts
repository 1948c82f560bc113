// What a write tool will post or change, as the Markdown its confirmation shows: every argument
// exactly as it will be sent (text in full, in a fence no backtick run inside it can close),
// where it goes, and as whom. Pure and vscode-free, so the words are tested on their own too.

export interface WriteConfirmation {
  title: string;
  /** Markdown. */
  message: string;
}

/** A fence longer than any run of backticks in the text. */
function fenced(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${text}\n${fence}`;
}

function inline(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks} ${text} ${ticks}`;
}

function value(v: unknown): string {
  if (typeof v === 'string') return v.includes('\n') || v.length > 80 ? `\n\n${fenced(v)}` : ` ${inline(v)}`;
  return ` ${inline(JSON.stringify(v))}`;
}

export function writeConfirmation(toolTitle: string, input: Record<string, unknown>, where: { workspace: string; as: string }): WriteConfirmation {
  const lines = Object.entries(input)
    .filter(([name]) => name !== 'idempotency_key')
    .map(([name, v]) => `**${name}**:${value(v)}`);
  return {
    title: `${toolTitle} in ${where.workspace}?`,
    // Names come from the service: shown as code, never as Markdown.
    message: [`This will be sent to the workspace ${inline(where.workspace)} as ${inline(where.as)}, exactly as shown:`, '', ...lines.flatMap((l) => [l, ''])].join('\n').trimEnd(),
  };
}
