// The JSON-RPC messages of one Streamable HTTP answer: a JSON body (one message or a batch), or a
// text/event-stream whose events each carry one message in their data lines (MCP lets a server
// answer a POST either way).

export function jsonRpcMessages(contentType: string | undefined, body: string): unknown[] {
  if (body.trim() === '') return [];
  if (!(contentType ?? '').toLowerCase().includes('text/event-stream')) {
    const parsed: unknown = JSON.parse(body);
    return Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
  }
  const messages: unknown[] = [];
  for (const event of body.replace(/\r\n?/g, '\n').split(/\n\n+/)) {
    const data = event
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
      .join('\n');
    if (data.trim() === '') continue;
    try {
      messages.push(JSON.parse(data));
    } catch {
      // An event that is not JSON (a comment-like keep-alive) carries no message.
    }
  }
  return messages;
}
