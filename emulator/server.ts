// createEmulator: opens the store, loads a fixture when the store is empty, mounts every module's
// routes and starts listening. Used in-process by tests and by `wsc serve`.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventBus } from './bus';
import { ServiceClock } from './clock';
import { checkpoint, clearAll, openDatabase } from './db';
import { createDispatcher, send } from './dispatch';
import { answerClientErrorsAsJson } from './http/client-error';
import { refuseForeignHost, type HostPolicy } from './http/allowed-hosts';
import { guardUpgrades } from './http/upgrade-guard';
import { capConnections, connectionLimitsOf, serverOptionsFor } from './http/connection-limits';
import { Faults } from './faults';
import { startFixture } from './start-fixture';
import { DEFAULT_LIMITS, loadCoreFixture, validateFixture, type Fixture, type FixtureFeatures, type FixtureLimits, type FixtureWorkspace } from './fixture';
import { newControlKey } from './control/access';
import { RateLimiter } from './rate-limit';
import { Router } from './router';
import { CATALOG } from './actions/catalog';
import { prepareValidators } from './validators/compiled';
import { requiredValidators } from './validators/required';
import { modules } from './routes/index';
import { isMcpRequest, lazyMcpEndpoint } from './mcp/module';
import { CORE_SCHEMA } from './schema';
import type { EmulatorOptions, Services } from './types';
import { parseVariant, type Variant } from './variants';
import type Database from 'better-sqlite3';

export interface RunningEmulator {
  url: string;
  /** The control API key (send as x-emulator-key). */
  controlKey: string;
  server: Server;
  svc: Services;
  close(): Promise<void>;
}

export async function createEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const variant = parseVariant(options.variant);
  if (typeof variant === 'string') throw new TypeError(variant);
  const db = openDatabase(options.dataFile);
  try {
    return await startOn(db, variant, options);
  } catch (error) {
    // Nothing may keep running (or keep the file open) after a failed start: the caller exits.
    if (db.open) db.close();
    throw error;
  }
}

/** Loopback names, the names given to --allow-remote, and the address it listens on when that is one host. */
function hostPolicyOf(options: EmulatorOptions): HostPolicy {
  const allowed = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const bound = (options.host ?? '').replace(/^\[|\]$/g, '').toLowerCase();
  if (bound !== '' && bound !== '0.0.0.0' && bound !== '::') allowed.add(bound);
  return { allowed };
}

async function startOn(db: Database.Database, variant: Variant, options: EmulatorOptions): Promise<RunningEmulator> {
  db.exec(CORE_SCHEMA);
  for (const m of modules) if (m.schema) db.exec(m.schema);

  // Every request reads the workspace and limits: the parsed rows are kept, forgotten when a
  // transaction rolls back or the state is reset (this process is the file's only writer).
  const metaCache = new Map<string, unknown>();
  const getMeta = <T>(key: string): T | undefined => {
    if (metaCache.has(key)) return metaCache.get(key) as T | undefined;
    const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    const value = row ? (JSON.parse(row.value) as T) : undefined;
    metaCache.set(key, value);
    return value;
  };
  const setMeta = (key: string, value: unknown): void => {
    const text = JSON.stringify(value);
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, text);
    metaCache.set(key, JSON.parse(text));
  };

  const saved = getMeta<{ offsetMs: number; lastStampMicros: number }>('clock');
  const clock = new ServiceClock(saved?.offsetMs ?? 0, saved?.lastStampMicros ?? 0, (offsetMs, lastStampMicros) =>
    setMeta('clock', { offsetMs, lastStampMicros }),
  );
  const bus = new EventBus();
  const connectionLimits = connectionLimitsOf(options.connectionLimits);
  const server = createServer(serverOptionsFor(connectionLimits));
  let baseUrl = '';
  let depth = 0;

  const svc: Services = {
    db,
    bus,
    clock,
    server,
    baseUrl: () => baseUrl,
    transaction<T>(fn: () => T): T {
      if (depth > 0) return fn();
      depth++;
      bus.hold();
      let committed = false;
      try {
        const result = db.transaction(fn)();
        committed = true;
        return result;
      } finally {
        depth--;
        if (!committed) metaCache.clear();
        bus.release(committed);
      }
    },
    nextTimestamp: () => clock.nextTimestamp(),
    newId: () => randomUUID(),
    workspace: () => getMeta<FixtureWorkspace>('workspace') ?? { id: '', name: '' },
    features: () => {
      const f = getMeta<FixtureFeatures>('features') ?? {};
      return { zeroToOne: f.zeroToOne ?? false, warmWorkspaces: f.warmWorkspaces ?? false };
    },
    limits: () => getMeta<FixtureLimits>('limits') ?? DEFAULT_LIMITS,
    getMeta,
    setMeta,
    options,
    routes: modules.flatMap((m) => m.routes ?? []),
    variant,
    control: {
      key: options.controlKey ?? newControlKey(),
      faults: new Faults(),
      limiter: new RateLimiter(),
      reset(fixture: Fixture) {
        const valid = validateFixture(fixture);
        svc.transaction(() => {
          clearAll(db);
          metaCache.clear();
          clock.reset();
          load(valid);
        });
        svc.control.limiter.clear();
        svc.control.faults.set({});
        bus.emit('state.reset', {});
      },
    },
  };

  function load(fixture: Fixture): void {
    loadCoreFixture(svc, fixture);
    for (const m of modules) m.loadFixture?.(svc, fixture);
  }

  if (getMeta('workspace') === undefined) {
    const fixture = validateFixture(startFixture(options));
    svc.transaction(() => load(fixture));
    // A new data file holds its workspace in the file itself, not only in the log: a log lost or
    // damaged in a crash can then cost recent changes, never the whole workspace.
    if (options.dataFile) checkpoint(db);
  }

  const router = new Router();
  for (const route of svc.routes) router.add(route);
  prepareValidators(requiredValidators(svc.routes, CATALOG.values()));
  const dispatch = createDispatcher(svc, router);
  const mcp = lazyMcpEndpoint(svc, router);
  const hosts = hostPolicyOf(options);
  server.on('request', (req, res) => {
    const refused = refuseForeignHost(req, hosts);
    if (refused) return send(res, { status: refused.status, body: refused.toBody() });
    void (isMcpRequest(req) ? mcp(req, res) : dispatch(req, res));
  });
  guardUpgrades(server, (req) => refuseForeignHost(req, hosts));
  answerClientErrorsAsJson(server);
  capConnections(server, connectionLimits);

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${shownHost}:${address.port}`;

  const stops: Array<() => void | Promise<void>> = [];
  try {
    for (const m of modules) {
      const stop = m.start?.(svc);
      if (stop) stops.push(stop);
    }
  } catch (error) {
    for (const stop of stops.reverse()) await stop();
    server.closeAllConnections();
    server.close();
    throw error;
  }

  let closed: Promise<void> | null = null;
  return {
    url: baseUrl,
    controlKey: svc.control.key,
    server,
    svc,
    close() {
      closed ??= (async () => {
        for (const stop of stops.reverse()) await stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        db.close();
      })();
      return closed;
    },
  };
}
