// route(): a route whose handler receives its declared inputs typed, as fastify's route schemas do.
// The query and body schemas (shared/contract, TypeBox) are validated by dispatch before the
// handler runs (http/request-schemas.ts); their Static<> types are what ctx.query and ctx.body hold,
// with the query's `queryDefaults` making those parameters always present.
import type { Static, TSchema } from '../shared/contract';
import type { Reply, RequestContext, Route } from './types';

/** The declared query as the handler gets it: the parameters given a default are never undefined. */
export type DeclaredQuery<QS extends TSchema | undefined, D> = QS extends TSchema
  ? Static<QS> & { [K in keyof D & keyof Static<QS>]-?: Exclude<Static<QS>[K], undefined> }
  : Record<never, never>;

/** The validated body ({} when none was sent), or the parsed JSON as it came when none is declared. */
export type DeclaredBody<BS extends TSchema | undefined> = BS extends TSchema ? Static<BS> : unknown;

/** Defaults for some of the declared query parameters (none when the route declares no query). */
export type QueryDefaults<QS extends TSchema | undefined> = QS extends TSchema ? Partial<Static<QS>> : Record<string, never>;

export interface RouteDefinition<QS extends TSchema | undefined, BS extends TSchema | undefined, D extends QueryDefaults<QS>>
  extends Omit<Route, 'query' | 'body' | 'queryDefaults' | 'handler'> {
  query?: QS;
  body?: BS;
  queryDefaults?: D;
  handler(ctx: RequestContext<DeclaredQuery<QS, D>, DeclaredBody<BS>>): Reply | Promise<Reply>;
}

/**
 * A route whose handler is typed by its schemas:
 * `route({ method: 'GET', path, query: MessagesQuerySchema, queryDefaults: { limit: 50 }, handler(ctx) { ctx.query.limit } })`.
 */
export function route<QS extends TSchema | undefined = undefined, BS extends TSchema | undefined = undefined, D extends QueryDefaults<QS> = QueryDefaults<QS>>(
  definition: RouteDefinition<QS, BS, D>,
): Route {
  return definition;
}
