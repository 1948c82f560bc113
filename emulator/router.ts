// Matches method + path against the registered routes. Static segments win over `:param`
// segments, so `/actions/list_capabilities` beats `/actions/:command`.
import type { Method, Route } from './types';

interface CompiledRoute {
  route: Route;
  segments: string[];
  rank: string;
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

export class Router {
  private readonly routes: CompiledRoute[] = [];

  add(route: Route): void {
    // Patterns may be built with PATHS.x(':id'), which percent-encodes the colon.
    const segments = split(route.path).map((s) => (s.startsWith('%3A') || s.startsWith('%3a') ? `:${s.slice(3)}` : s));
    const duplicate = this.routes.find((r) => r.route.method === route.method && r.route.path === route.path);
    if (duplicate) throw new Error(`route ${route.method} ${route.path} is registered twice`);
    this.routes.push({ route, segments, rank: segments.map((s) => (s.startsWith(':') ? '1' : '0')).join('') });
    this.routes.sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  }

  /** The matching route, or `methods` allowed on that path when only the method differs. */
  match(method: Method | string, path: string): RouteMatch | { methods: string[] } | null {
    const parts = split(path);
    const methods: string[] = [];
    for (const compiled of this.routes) {
      const params = matchSegments(compiled.segments, parts);
      if (!params) continue;
      if (compiled.route.method === method) return { route: compiled.route, params };
      methods.push(compiled.route.method);
    }
    return methods.length > 0 ? { methods } : null;
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    const part = parts[i] as string;
    if (p.startsWith(':')) {
      try {
        params[p.slice(1)] = decodeURIComponent(part);
      } catch {
        return null;
      }
    } else if (p !== part) {
      return null;
    }
  }
  return params;
}
