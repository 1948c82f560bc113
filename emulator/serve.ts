// `wsc serve [--host 127.0.0.1] [--port 0] [--fixture FILE | --demo] [--data FILE]`: starts the local
// service; the FIRST stdout line, once it accepts requests, is one JSON object with its url.
import { readFileSync } from 'node:fs';
import { AGENT_TOKEN_PREFIX, SERVICE_PATHS } from '../shared/contract';
import type { ConnectionLimits } from './http/connection-limits';
import { FixtureError, validateFixture, type Fixture } from './fixture';
import { createEmulator, type RunningEmulator } from './server';
import { parseVariant } from './variants';
import { parseAllowedHosts } from './http/allowed-hosts';
import { tokenKey } from './token-key';
import { demoFixture } from './demo/fixture';

const USAGE =
  'usage: wsc serve [--host 127.0.0.1 [--allow-remote NAME,...]] [--port 0] [--fixture FILE | --demo] [--data FILE] [--variant NAME] [--max-connections N] [--headers-timeout-ms 10000]';

interface ServeArgs {
  host: string;
  port: number;
  fixtureFile?: string;
  demo: boolean;
  dataFile?: string;
  /** Binding beyond loopback was asked for explicitly. */
  allowRemote: boolean;
  /** Names other machines reach the service by (Host/Origin checks, emulator/http/allowed-hosts.ts). */
  allowedHosts: string[];
  /** Other spec-allowed choices (emulator/variants.ts). */
  variant?: string;
  /** Connection cap and header timeout (emulator/http/connection-limits.ts). */
  connectionLimits: Partial<ConnectionLimits>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

export function parseServeArgs(argv: string[]): ServeArgs | string {
  const args: ServeArgs = { host: '127.0.0.1', port: 0, demo: false, allowRemote: false, allowedHosts: [], connectionLimits: {} };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string;
    const [name, inline] = flag.includes('=') ? [flag.slice(0, flag.indexOf('=')), flag.slice(flag.indexOf('=') + 1)] : [flag, undefined];
    const value = (): string | null => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) return null;
      i++;
      return next;
    };
    switch (name) {
      case '--host': {
        const v = value();
        if (!v) return `--host needs a value, e.g. --host 127.0.0.1`;
        args.host = v;
        break;
      }
      case '--port': {
        const v = value();
        const port = v === null ? NaN : Number(v);
        if (!Number.isInteger(port) || port < 0 || port > 65535) return `--port needs a number from 0 to 65535 (0 picks a free port)`;
        args.port = port;
        break;
      }
      case '--fixture': {
        const v = value();
        if (!v) return `--fixture needs a file path, e.g. --fixture test/fixtures/basic.json`;
        args.fixtureFile = v;
        break;
      }
      case '--data': {
        const v = value();
        if (!v) return `--data needs a file path, e.g. --data ./workspace.sqlite`;
        args.dataFile = v;
        break;
      }
      case '--variant': {
        const v = value();
        if (!v) return `--variant needs a name, e.g. --variant latitude`;
        const known = parseVariant(v);
        if (typeof known === 'string') return known;
        args.variant = v;
        break;
      }
      case '--max-connections': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1 || n > 100_000) return `--max-connections needs a whole number from 1 to 100000, e.g. --max-connections 256`;
        args.connectionLimits.maxConnections = n;
        break;
      }
      case '--headers-timeout-ms': {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 100 || n > 600_000) return `--headers-timeout-ms needs milliseconds from 100 to 600000, e.g. --headers-timeout-ms 10000`;
        args.connectionLimits.headersTimeoutMs = n;
        break;
      }
      case '--demo':
        args.demo = true;
        break;
      case '--allow-remote': {
        const names = parseAllowedHosts(value() ?? '');
        if (typeof names === 'string') return `--allow-remote ${names}`;
        args.allowRemote = true;
        args.allowedHosts.push(...names);
        break;
      }
      case '--help':
      case '-h':
        return 'help';
      default:
        return `unknown option '${flag}'`;
    }
  }
  if (args.demo && args.fixtureFile) return '--fixture and --demo cannot be used together; pick one';
  if (!LOOPBACK_HOSTS.has(args.host) && !/^127(\.\d{1,3}){3}$/.test(args.host) && !args.allowRemote) {
    return `--host ${args.host} would let other machines reach the service; add --allow-remote with the names they use to reach it (e.g. --allow-remote box.lan) if that is what you want`;
  }
  return args;
}

function loadFixtureFile(file: string): Fixture {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new FixtureError(`cannot read fixture file ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FixtureError(`fixture file ${file} is not valid JSON`);
  }
  return validateFixture(parsed);
}

export async function runServe(argv: string[]): Promise<number> {
  const parsed = parseServeArgs(argv);
  if (parsed === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (typeof parsed === 'string') {
    process.stderr.write(`wsc serve: ${parsed}.\n${USAGE}\n`);
    return 2;
  }
  if (parsed.allowRemote && !LOOPBACK_HOSTS.has(parsed.host)) {
    process.stderr.write(
      `wsc serve: warning: listening on ${parsed.host}: other machines can reach this service. It has no TLS; the demo tokens work only from this machine, but your fixture's tokens work from anywhere.\n`,
    );
  }
  let fixture: Fixture | undefined;
  try {
    fixture = parsed.fixtureFile ? loadFixtureFile(parsed.fixtureFile) : undefined;
  } catch (error) {
    process.stderr.write(`wsc serve: ${error instanceof Error ? error.message : String(error)}. Check the file and try again.\n`);
    return 2;
  }
  let emulator: RunningEmulator;
  try {
    emulator = await createEmulator({
      host: parsed.host,
      port: parsed.port,
      allowedHosts: parsed.allowedHosts,
      demo: parsed.demo,
      ...(fixture ? { fixture } : {}),
      ...(parsed.dataFile ? { dataFile: parsed.dataFile } : {}),
      ...(parsed.variant ? { variant: parsed.variant } : {}),
      connectionLimits: parsed.connectionLimits,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EADDRINUSE'
        ? `port ${parsed.port} is already in use; pick another with --port or use --port 0`
        : code === 'EADDRNOTAVAIL'
          ? `cannot listen on host ${parsed.host}; use --host 127.0.0.1`
          : error instanceof Error
            ? error.message
            : String(error);
    process.stderr.write(`wsc serve: could not start: ${why}.\n`);
    return 1;
  }
  let first: Record<string, unknown>;
  try {
    first = firstLine(emulator, parsed.demo);
  } catch (error) {
    // Never keep listening without the first line: whoever waits for it would wait forever.
    await emulator.close();
    process.stderr.write(`wsc serve: could not start: ${error instanceof Error ? error.message : String(error)}. Check the --data file, or start without it.\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(first)}\n`);

  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      process.stderr.write(`wsc serve: ${signal} received, stopping.\n`);
      void emulator.close().then(resolve, resolve);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  return 0;
}

/** The first stdout line: where the service is and this run's control key (and demo tokens). */
function firstLine(emulator: RunningEmulator, demo: boolean): Record<string, unknown> {
  const first: Record<string, unknown> = {
    url: emulator.url,
    pid: process.pid,
    realtimeUrl: `${emulator.url.replace(/^http/, 'ws')}${SERVICE_PATHS.realtime}`,
    workspace: emulator.svc.workspace(),
    // The control API's key for this run (x-emulator-key); only whoever reads this line has it.
    controlKey: emulator.controlKey,
    ...(emulator.svc.variant.size > 0 ? { variant: [...emulator.svc.variant] } : {}),
  };
  if (demo) {
    // The store keeps token hashes only: the demo fixture has the tokens, the store says which still work.
    const live = emulator.svc.db
      .prepare('SELECT t.name, p.handle FROM tokens t JOIN people p ON p.id = t.person_id WHERE t.token = ? AND t.revoked = 0');
    // Demo tokens are public demo data, printed so that a first run needs no setup.
    first.demoTokens = demoFixture()
      .tokens.filter((t) => !t.token.startsWith(AGENT_TOKEN_PREFIX))
      .flatMap((t) => {
        const row = live.get(tokenKey(t.token)) as { name: string; handle: string } | undefined;
        return row ? [{ handle: row.handle, name: row.name, token: t.token }] : [];
      });
  }
  return first;
}
