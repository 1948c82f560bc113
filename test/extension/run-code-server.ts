// Runs the extension's integration suite inside code-server (VS Code in the browser, with a
// real Node extension host) in headless Chromium, against a fresh local service. This is what
// `npm test` and CI run; test/extension/README.md explains the pieces.
//   node dist/test/extension/run-code-server.mjs [--verbose] [--from-vsix] [--screenshot media/screenshots/extension.png]
// --from-vsix: the extension is loaded from the .vsix as installed (harness/installed-vsix.ts), and
// the suites of what the .vsix must carry run (VSIX_SUITES) unless WSC_TEST_GREP names others.
// Build first (`npm run build`); install code-server once (`node scripts/install-code-server.mjs`).
// Env: WSC_TEST_TIMEOUT_S (default 900), WSC_TEST_GREP (mocha grep, read by the suite).
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { startCodeServer, type CodeServer } from './harness/code-server';
import { startLocalService, type LocalService } from './harness/local-service';
import { createProfile, type Profile } from './harness/profile';
import { projectRoot, suiteEntry, suiteFixture } from './harness/project';
import { DEMO_SCENES, stageDemoScreenshot, type DemoScene } from './harness/demo-screenshot';
import { openWorkbench, type Workbench } from './harness/workbench';
import { installVsix, type InstalledVsix } from './harness/installed-vsix';

/** The suites run from the installed .vsix: the features whose manifest entries, words and files it must carry. */
const VSIX_SUITES = ['activation', 'sign-in', 'several accounts', 'saved task views', 'docs as files', 'channels: live marks', 'localisation', 'Language model tools', 'inbox'];

interface Options {
  verbose: boolean;
  fromVsix: boolean;
  screenshot?: string;
  scene?: DemoScene;
  timeoutMs: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { verbose: false, fromVsix: false, timeoutMs: Number(process.env.WSC_TEST_TIMEOUT_S || 900) * 1000 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--verbose') options.verbose = true;
    else if (arg === '--from-vsix') options.fromVsix = true;
    else if (arg === '--screenshot') {
      const path = argv[++i];
      if (!path) throw new Error('--screenshot needs a file path, e.g. --screenshot media/screenshots/extension.png');
      options.screenshot = path;
    } else if (arg === '--scene') {
      const scene = argv[++i];
      const known = DEMO_SCENES.find((s) => s === scene);
      if (!known) throw new Error(`--scene takes ${DEMO_SCENES.join(', ')}.`);
      options.scene = known;
    } else throw new Error(`Unknown option ${arg}. Options: --verbose, --from-vsix, --screenshot <file.png> [--scene ${DEMO_SCENES.join('|')}].`);
  }
  if (options.fromVsix && options.screenshot) throw new Error('--from-vsix runs the suite; take screenshots without it.');
  if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) throw new Error('WSC_TEST_TIMEOUT_S must be a positive number of seconds.');
  return options;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The workbench's own start-up and shut-down chatter, which arrives on the same channel as the suite's output. */
const WORKBENCH_CHATTER = /^(Resolving connection token|Resolved connection token|Creating a socket|\[reconnection-grace-time\]|Updating additional builtin extensions cache|\[Service Worker\]|\[AgentHost|\[AccountPolicyGate\]|Creation of workbench contribution|Ignoring fetching additional builtin extensions|Canceled: Canceled|OverlayWebview has been disposed)/;

/** Mocha's closing lines ("56 passing", "2 failing"), kept for the plain summary line CI reads. */
interface SuiteCounts {
  passed: number;
  failed: number;
}
const counts: SuiteCounts = { passed: 0, failed: 0 };
function countMochaSummary(text: string, into: SuiteCounts): void {
  const passing = /^\s*(\d+) passing\b/m.exec(text);
  if (passing) into.passed = Number(passing[1]);
  const failing = /^\s*(\d+) failing\b/m.exec(text);
  if (failing) into.failed = Number(failing[1]);
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const root = projectRoot();
  const testsEntry = suiteEntry(root);
  if (!options.screenshot && !existsSync(testsEntry)) throw new Error(`${testsEntry} is missing: build first with \`npm run build\`.`);
  if (!existsSync(join(root, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing: build first with `npm run build`.');

  const started = Date.now();
  const recent: string[] = [];
  const remember = (message: string) => {
    if (options.verbose) process.stderr.write(`${message}\n`);
    recent.push(message.split('\n', 1)[0] ?? '');
    if (recent.length > 60) recent.shift();
  };

  let service: LocalService | undefined;
  let profile: Profile | undefined;
  let codeServer: CodeServer | undefined;
  let workbench: Workbench | undefined;
  let installed: InstalledVsix | undefined;
  let timer: NodeJS.Timeout | undefined;
  // One teardown, however many paths ask for it (end of run, Ctrl-C, a crash).
  let tearingDown: Promise<void> | undefined;
  const teardown = () =>
    (tearingDown ??= (async () => {
      if (timer) clearTimeout(timer);
      const steps: [string, () => unknown][] = [
        ['browser', () => workbench?.close()],
        ['code-server', () => codeServer?.stop()],
        ['local service', () => service?.stop()],
        ['profile', () => profile?.remove()],
        ['installed .vsix', () => installed?.remove()],
      ];
      for (const [what, step] of steps) {
        try {
          await step();
          if (options.verbose) process.stderr.write(`teardown: ${what} stopped\n`);
        } catch (error) {
          process.stderr.write(`teardown: ${what}: ${error instanceof Error ? error.message : String(error)}\n`);
        }
      }
    })());
  const interrupted = (signal: NodeJS.Signals) => {
    process.stderr.write(`\n${signal}: stopping code-server, the browser and the local service…\n`);
    void teardown().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  // A reader that goes away (`| head`) must not take the teardown with it.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  const crashed = (error: unknown) => {
    process.stderr.write(`extension suite: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    void teardown().finally(() => process.exit(1));
  };
  process.once('uncaughtException', crashed);

  try {
    if (options.fromVsix) {
      installed = await installVsix(root);
      // Read by the suite inside the extension host (code-server's environment is inherited).
      process.env.WSC_TEST_GREP ||= VSIX_SUITES.map((title) => `^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `).join('|');
      console.log(`extension suite: from ${installed.vsix}, installed in ${installed.folder}`);
    }
    service = await startLocalService(root, options.screenshot ? 'demo' : suiteFixture(root));
    profile = createProfile({ 'wsc.serviceUrl': service.url });
    codeServer = await startCodeServer(profile, { WSC_TEST_MODE: '1', WSC_TEST_PROJECT_ROOT: root, WSC_TEST_SERVICE_URL: service.url, WSC_TEST_CONTROL_KEY: String(service.banner.controlKey ?? '') }, (line) => remember(`[code-server] ${line}`));
    const codeServerReady = Date.now();
    console.log(`extension suite: local service ${service.url}, code-server ${codeServer.url} (ready in ${seconds(codeServerReady - started)})`);

    workbench = await openWorkbench({
      codeServerUrl: codeServer.url,
      authority: codeServer.authority,
      folder: profile.workspaceFolder,
      home: profile.home,
      extensionDevelopmentPath: installed?.folder ?? root,
      ...(options.screenshot ? {} : { extensionTestsPath: testsEntry }),
      onLog: (type, text) => {
        countMochaSummary(text, counts);
        if (!options.verbose && WORKBENCH_CHATTER.test(text)) return;
        (type === 'error' ? process.stderr : process.stdout).write(`${text}\n`);
      },
      onBrowserMessage: remember,
    });
    const run = options.screenshot ? screenshotRun(workbench, service, resolve(options.screenshot), options.scene) : workbench.exitCode;
    const timedOut = new Promise<'timeout'>((resolveTimeout) => (timer = setTimeout(() => resolveTimeout('timeout'), options.timeoutMs)));
    const result = await Promise.race([run, timedOut]);
    if (result === 'timeout') {
      process.stderr.write(
        `The extension suite did not finish within ${seconds(options.timeoutMs)}: a test may wait for something that never happens, ` +
          'or the workbench never started the tests. Last code-server and browser output:\n' +
          `${recent.join('\n')}\nRe-run with --verbose to see it live; raise the limit with WSC_TEST_TIMEOUT_S.\n`,
      );
      return 1;
    }
    if (result !== 0 && !options.verbose) process.stderr.write(`Last code-server and browser output:\n${recent.join('\n')}\n`);
    console.log(`extension suite: ${result === 0 ? 'passed' : `failed (exit ${result})`} in ${seconds(Date.now() - started)} (workbench and tests ${seconds(Date.now() - codeServerReady)})`);
    if (!options.screenshot) console.log(`extension: ${counts.passed} passed, ${counts.failed} failed`);
    return result;
  } finally {
    await teardown();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    process.off('uncaughtException', crashed);
  }
}

/** `--screenshot`: a plain development host on the demo workspace, staged through the UI. */
async function screenshotRun(workbench: Workbench, service: LocalService, path: string, scene: DemoScene = 'channel'): Promise<number> {
  const tokenOf = (handle: string) =>
    (service.banner.demoTokens ?? []).find((t): t is { token: string } => typeof t === 'object' && t !== null && (t as { handle?: unknown }).handle === handle);
  const alice = tokenOf('alice');
  const bob = tokenOf('bob');
  if (!alice || !bob) throw new Error('wsc serve --demo offered no token for alice or bob: the demo workspace changed; update run-code-server.');
  mkdirSync(dirname(path), { recursive: true });
  await stageDemoScreenshot(workbench.page, alice.token, path, (line) => console.log(line), scene, { url: service.url, otherToken: bob.token });
  console.log(`screenshot saved to ${path}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`extension suite: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
