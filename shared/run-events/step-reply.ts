// Answering one step of an agent's run from where it is read (the editor's timeline, the terminal
// UI's run view): a reply in the run's thread that mentions the agent, so it is summoned again,
// and quotes the step, so it knows which one is meant. One wording for every face.

export interface RunStep {
  seq: number;
  /** The step as the timeline shows it ("Tool shell", "modified src/a.ts"). */
  title: string;
  /** Its detail line, if any. */
  detail?: string;
}

/** A Markdown quote of the step: one line, the step's own text never able to leave the quote. */
export function stepQuote(step: RunStep): string {
  const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
  const detail = step.detail ? oneLine(step.detail) : '';
  return `> Step ${step.seq}: ${oneLine(step.title)}${detail ? ` — ${detail}` : ''}`;
}

/** The reply's body: the agent's mention, the quoted step, then the person's words. */
export function stepReplyBody(agentHandle: string, step: RunStep, text: string): string {
  const handle = agentHandle.replace(/^@/, '');
  return `@${handle} about this step:\n\n${stepQuote(step)}\n\n${text.trim()}`;
}
