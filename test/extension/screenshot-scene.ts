// The tests entry of `run-code-server --screenshot`: signs in to the demo workspace, opens the
// extension's views and a channel, and waits for them to fill. When run() resolves the runner
// takes the screenshot while the workbench is still open.
import * as vscode from 'vscode';

const EXTENSION_ID = 'wsc.wsc';
const DEMO_TOKEN = 'hpt_demo_alice';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function run(): Promise<void> {
  const serviceUrl = process.env.WSC_TEST_SERVICE_URL;
  if (!serviceUrl) throw new Error('WSC_TEST_SERVICE_URL is not set: run this through test/extension/run-code-server.');
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`Extension ${EXTENSION_ID} is not loaded.`);
  await extension.activate();
  await vscode.commands.executeCommand('wsc.signIn', { token: DEMO_TOKEN, serviceUrl });
  await vscode.commands.executeCommand('workbench.view.extension.wsc');
  // Optional: open the first channel when the extension offers it (the command may need an argument).
  await vscode.commands.executeCommand('wsc.openChannel').then(undefined, () => undefined);
  await pause(4_000);
  await vscode.commands.executeCommand('notifications.clearAll').then(undefined, () => undefined);
  await pause(500);
}
