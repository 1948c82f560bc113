// Opens the code-server workbench in headless Chromium with the extension-test payload, relays
// the suite's output and resolves with its exit code. The smoke-test driver calls the two page
// functions exposed here: codeAutomationLog (console output of the extension host) and
// codeAutomationExit (the result of the tests entry's run()).
import { format } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../../../scripts/code-server-paths.mjs';
import { DRIVER_MARKER } from '../webview-driver-protocol';
import { handleDriverRequest } from './webview-driver';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export interface WorkbenchRun {
  codeServerUrl: string;
  /** host:port of code-server, for vscode-remote:// URIs */
  authority: string;
  folder: string;
  /** HOME for Chromium (its crash-report database and config land there, not in the caller's). */
  home: string;
  extensionDevelopmentPath: string;
  /** Without it the workbench is a plain development host (used for screenshots). */
  extensionTestsPath?: string;
  /** Output of the extension host (mocha's reporter among it). */
  onLog(type: string, text: string): void;
  /** Browser console errors and page errors (printed with --verbose or when a run fails). */
  onBrowserMessage(text: string): void;
}

export interface Workbench {
  page: Page;
  /** Resolves with the suite's exit code (never, without extensionTestsPath). */
  exitCode: Promise<number>;
  close(): Promise<void>;
}

function remoteUri(authority: string, absolutePath: string): string {
  return `vscode-remote://${authority}${absolutePath.split('/').map(encodeURIComponent).join('/')}`;
}

export function workbenchUrl(run: Pick<WorkbenchRun, 'codeServerUrl' | 'authority' | 'folder' | 'extensionDevelopmentPath' | 'extensionTestsPath'>): string {
  const payload = [
    ['extensionDevelopmentPath', remoteUri(run.authority, run.extensionDevelopmentPath)],
    ...(run.extensionTestsPath ? [['extensionTestsPath', remoteUri(run.authority, run.extensionTestsPath)]] : []),
    ['skipWelcome', 'true'],
  ];
  return `${run.codeServerUrl}/?folder=${encodeURIComponent(run.folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

export async function openWorkbench(run: WorkbenchRun): Promise<Workbench> {
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    env: { ...process.env, HOME: run.home, XDG_CONFIG_HOME: `${run.home}/.config` },
    // The runner handles signals itself: it must also stop code-server and the service.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') run.onBrowserMessage(`[browser ${message.type()}] ${message.text()}`);
    });
    page.on('pageerror', (error) => run.onBrowserMessage(`[page error] ${error.message}`));
    let settle: (code: number) => void = () => undefined;
    // After the result arrives the workbench keeps logging while it winds down; that is not the suite's output.
    let exited = false;
    const exitCode = new Promise<number>((resolve) => (settle = resolve));
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      if (exited) return;
      const text = format(...(Array.isArray(args) ? args : [args]));
      if (text.startsWith(DRIVER_MARKER)) {
        void handleDriverRequest(page, text).catch((error: unknown) => run.onBrowserMessage(`[webview driver] ${String(error)}`));
        return;
      }
      run.onLog(type, text);
    });
    await page.exposeFunction('codeAutomationExit', (code: number) => {
      exited = true;
      settle(typeof code === 'number' ? code : 1);
    });
    await page.goto(workbenchUrl(run), { waitUntil: 'domcontentloaded', timeout: 60_000 });
    return { page, exitCode, close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
