// The framework's shapes: services every handler can reach, a route definition, the request
// context and a module (routes + tables + fixture loading + bus subscriptions).
import type { IncomingMessage, Server } from 'node:http';
import type Database from 'better-sqlite3';
import type { Role, Scope } from '../shared/contract';
import type { EventBus } from './bus';
import type { ServiceClock } from './clock';
import type { Faults } from './faults';
import type { ConnectionLimits } from './http/connection-limits';
import type { RateLimiter } from './rate-limit';
import type { Variant } from './variants';
import type { Fixture, FixtureFeatures, FixtureLimits, FixtureWorkspace } from './fixture-types';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a route needs from the caller. 'none': no token (control API, webhooks, discovery).
 * 'read': workspace:read. 'write': workspace:write. 'admin': role admin/owner AND workspace:admin.
 * 'token': a valid personal token; the route checks role and scopes itself (generic actions).
 */
export type AuthLevel = 'none' | 'read' | 'write' | 'admin' | 'token';

/** The "current person": who the bearer token acts as, re-read from the store on every call. */
export interface AuthContext {
  personId: string;
  name: string;
  handle: string;
  role: Role;
  scopes: Scope[];
  tokenName: string;
  /** A hash of the token: the key for rate limits and receipts. The token itself is never kept. */
  tokenKey: string;
  /** `x-service-client` header, or null. */
  clientName: string | null;
  /** 'agent' when a named agent acts as itself (mgo_ token, MCP only); absent for a person. */
  memberKind?: 'person' | 'agent';
}

export interface Services {
  db: Database.Database;
  bus: EventBus;
  clock: ServiceClock;
  server: Server;
  /** `http://host:port` once listening. */
  baseUrl(): string;
  /** Runs fn in one SQLite transaction; bus events raised inside are delivered after commit. */
  transaction<T>(fn: () => T): T;
  /** A unique, strictly increasing created_at (ISO with microseconds). */
  nextTimestamp(): string;
  /** A fresh random id (uuid). */
  newId(): string;
  workspace(): FixtureWorkspace;
  features(): Required<FixtureFeatures>;
  limits(): FixtureLimits;
  /** Reads a JSON value from the meta table (modules may keep small settings there). */
  getMeta<T>(key: string): T | undefined;
  setMeta(key: string, value: unknown): void;
  options: EmulatorOptions;
  /** Every route of every module: the one table the router, OpenAPI, /docs/api.md and MCP read. */
  routes: readonly Route[];
  /** The spec-allowed choices this run makes (empty: the default reading). */
  variant: Variant;
  /** Control-API state (faults, rate windows) and the reset that replaces the whole workspace. */
  control: {
    /** This run's control API key (printed as controlKey in the first line; x-emulator-key). */
    key: string;
    faults: Faults;
    limiter: RateLimiter;
    reset(fixture: Fixture): void;
  };
}

export interface EmulatorOptions {
  fixture?: Fixture;
  /** Load the built-in demo workspace (emulator/demo/) instead of a fixture. */
  demo?: boolean;
  /** SQLite file; in-memory when absent. */
  dataFile?: string;
  host?: string;
  /** Host names (besides loopback) that Host and Origin headers may carry (`wsc serve --allow-remote`). */
  allowedHosts?: string[];
  port?: number;
  /** The control API key; a random one per run when absent. */
  controlKey?: string;
  /** Other choices the spec allows (emulator/variants.ts): a name like 'latitude' or a comma list. */
  variant?: string;
  /** Connection cap and header/request/keep-alive timeouts (emulator/http/connection-limits.ts). */
  connectionLimits?: Partial<ConnectionLimits>;
}

/**
 * One request as a handler sees it. `Q` and `B` are the route's declared query and body (route.ts
 * infers them from the schemas); a route that declares neither sees them as `unknown`.
 */
export interface RequestContext<Q = unknown, B = unknown> {
  svc: Services;
  req: IncomingMessage;
  method: Method;
  /** The decoded-free path as requested, without the query. */
  path: string;
  params: Record<string, string>;
  /**
   * The declared query parameters, validated before the handler runs: coerced to their declared
   * types, undeclared names dropped, values above a declared `x-maximum` capped and the route's
   * `queryDefaults` filled in. `{}` when the route declares no query.
   */
  query: Q;
  /**
   * The query string as sent, for a route whose parameters are not declared (the generic
   * GET /actions/{command}: each command's inputs are checked by the command). Others read `query`.
   */
  rawQuery: URLSearchParams;
  /**
   * The JSON body: when the route declares a body schema, the validated body (`{}` when none was
   * sent); otherwise as parsed (undefined when none was sent).
   */
  body: B;
  auth: AuthContext | null;
  /** Aborted when the client goes away (use it to end long-polls). */
  signal: AbortSignal;
  /** Idempotency-Key header or body requestId, when any. */
  idempotencyKey: string | null;
  /** METHOD + canonical resource (idempotency.ts receiptScope): what receipts are keyed on. */
  receiptScope: string;
  /** The current person; throws 401 on a route without auth. */
  who(): AuthContext;
}

export interface Reply {
  status: number;
  /** JSON-serialised unless contentType is given, then sent as a string. */
  body: unknown;
  headers?: Record<string, string>;
  contentType?: string;
}

/** Error statuses a route can answer besides those every route of its kind gets (openapi.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429;

/** A JSON Schema object from shared/contract (TypeBox): compiled by Ajv, copied into OpenAPI and MCP. */
export type ContractSchema = object;

/** The success answer: a JSON schema from shared/contract, or text of a content type. */
export type RouteAnswer = { status?: 200 | 201 | 202; schema: ContractSchema } | { status?: 200; contentType: string; description: string };

/**
 * A route: its declaration (what the OpenAPI document, /docs/api.md and the MCP tools are generated
 * from, and what dispatch validates before the handler runs) and its handler.
 */
export interface Route<Q = unknown, B = unknown> {
  method: Method;
  /** `/api/v1/channels/:id/messages`; `:name` segments become ctx.params.name (URL-decoded). */
  path: string;
  /** Default: 'read' for GET, 'write' otherwise. */
  auth?: AuthLevel;
  /** Not part of the public API (control API, the MCP endpoint): no declaration, not documented. */
  internal?: true;
  summary?: string;
  /** The OpenAPI tag (a group of /docs/api.md; described in discovery/tags.ts). */
  tag?: string;
  /** Descriptions of the path parameters, one per `:name` (each a bounded id). */
  params?: Record<string, string>;
  /** The query parameters as one object schema; unknown ones are ignored, declared ones validated. */
  query?: ContractSchema;
  /**
   * Values of declared query parameters the request left out (the contract states them only in
   * the descriptions, e.g. a limit's "default 50", so the OpenAPI document keeps no `default`).
   */
  queryDefaults?: Readonly<Record<string, unknown>>;
  /** The JSON body's schema; a body that does not match is refused with 400 before the handler. */
  body?: ContractSchema;
  answer?: RouteAnswer;
  /** Statuses beyond the derived ones (400 with input, 401/403/429 with a token, 404 with path ids). */
  errors?: ErrorStatus[];
  /**
   * Mutations (default: every non-GET route with auth) go through idempotency receipts and run in
   * one SQLite transaction with their receipt, so the handler MUST be synchronous.
   */
  mutation?: boolean;
  /**
   * The params naming the same resource however it was addressed (e.g. a task as T-3 or its uuid);
   * idempotency receipts are keyed on them. Missing resources may keep the value as sent.
   */
  canonicalParams?: (svc: Services, params: Record<string, string>) => Record<string, string>;
  /** Adjusts a stored body before it is replayed (actions set receipt.replayed = true). */
  onReplay?: (body: unknown) => unknown;
  /** The spec answers this route with "confirmation" only (the no-content variant answers 204). */
  confirmation?: boolean;
  handler(ctx: RequestContext<Q, B>): Reply | Promise<Reply>;
}

export interface EmulatorModule {
  name: string;
  /** Idempotent SQL (CREATE TABLE IF NOT EXISTS ...), run on every start. */
  schema?: string;
  routes?: Route[];
  /** Loads this module's part of a fixture (after the core records are in). Runs in a transaction. */
  loadFixture?(svc: Services, fixture: Fixture): void;
  /** Called once when the server starts (subscribe to svc.bus, attach to svc.server 'upgrade'); may return a stop function. */
  start?(svc: Services): void | (() => void | Promise<void>);
}
