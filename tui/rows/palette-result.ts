// A palette command's result as lines: the receipt first (with replayed), then the output as JSON.
import { clip, safeLine, type SafeText } from '../format';

export function resultLines(result: unknown, width: number): SafeText[] {
  const lines: SafeText[] = [];
  if (result && typeof result === 'object' && 'receipt' in result) {
    const r = (result as { receipt: { actionId: string; requestId: string; replayed: boolean } }).receipt;
    // One id per line: a receipt line cut at the pane's width would hide the request id.
    lines.push(clip(safeLine(`receipt: action ${safeLine(r.actionId)}`), width));
    lines.push(clip(safeLine(`         request ${safeLine(r.requestId)}`), width));
    if (r.replayed) lines.push(clip(safeLine('         REPLAYED (the effect was not repeated)'), width));
  }
  const text = JSON.stringify(result, null, 2) ?? 'null';
  for (const line of text.split('\n')) lines.push(clip(safeLine(line), width));
  return lines;
}
