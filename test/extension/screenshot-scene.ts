// The tests entry of `run-code-server --screenshot`: signs in to the demo workspace, opens the
// extension's views and a channel, and waits for them to fill. When run() resolves the runner
// takes the screenshot while the workbench is still open.
import * as vscode from 'vscode';
import type { WscExtensionApi } from '../../extension/test-api';

const EXTENSION_ID = 'wsc.wsc';
const DEMO_TOKEN = 'hpt_demo_alice';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quietly = (command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args).then(undefined, () => undefined);

export async function run(): Promise<void> {
  const serviceUrl = process.env.WSC_TEST_SERVICE_URL;
  if (!serviceUrl) throw new Error('WSC_TEST_SERVICE_URL is not set: run this through test/extension/run-code-server.');
  const extension = vscode.extensions.getExtension<WscExtensionApi>(EXTENSION_ID);
  if (!extension) throw new Error(`Extension ${EXTENSION_ID} is not loaded.`);
  const api = (await extension.activate())?.testApi;
  await api?.ready;
  await vscode.commands.executeCommand('wsc.signIn', { token: DEMO_TOKEN, serviceUrl });
  await quietly('workbench.action.closeAuxiliaryBar');
  await quietly('workbench.action.closePanel');
  await vscode.commands.executeCommand('workbench.view.extension.wsc');
  // Open the busiest-looking channel in the panel, when the test API offers the list.
  const channels = (await api?.channels.tree.list().catch(() => undefined)) ?? [];
  const channel = channels.find((c) => c.name === 'general') ?? channels.find((c) => c.kind !== 'dm');
  if (channel) await quietly('wsc.openChannel', { channelId: channel.id });
  await pause(4_000);
  await quietly('notifications.clearAll');
  await pause(500);
}
