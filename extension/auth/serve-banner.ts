// The first stdout line of `wsc serve`: {url, realtimeUrl, workspace, demoTokens:[{handle,name,token}]}.

export interface DemoToken {
  handle: string;
  name: string;
  token: string;
}

export interface ServeBanner {
  url: string;
  demoTokens: DemoToken[];
}

export function parseServeBanner(line: string): ServeBanner | undefined {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const { url, demoTokens } = data as { url?: unknown; demoTokens?: unknown };
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return undefined;
  const tokens = Array.isArray(demoTokens)
    ? demoTokens.filter(
        (t): t is DemoToken =>
          typeof t === 'object' && t !== null && typeof t.token === 'string' && typeof t.handle === 'string' && typeof t.name === 'string',
      )
    : [];
  return { url, demoTokens: tokens };
}

/** The demo owner (alice) if present, else the first person token. */
export function pickDemoToken(tokens: readonly DemoToken[]): DemoToken | undefined {
  return tokens.find((t) => t.handle === 'alice') ?? tokens[0];
}
