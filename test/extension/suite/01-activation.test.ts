import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { EXTENSION_ID, waitFor, wscExtension } from './support';

/** VS Code's own record of an extension's activation, from its "Startup Performance" document. */
interface VsCodeActivationTimes {
  loadCodeMs: number;
  callActivateMs: number;
  finishActivateMs: number;
  event: string;
}

async function vscodeActivationTimes(): Promise<VsCodeActivationTimes | undefined> {
  // The workbench's perfview (command "Developer: Startup Performance") shows perf:Startup Performance;
  // its "Extension Activation Stats" table holds what the extension host reported for each activation.
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'perf');
  const row = doc
    ?.getText()
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .find((cells) => cells[1]?.toLowerCase() === EXTENSION_ID);
  if (!row) return undefined;
  const [loadCodeMs, callActivateMs, finishActivateMs] = [row[3], row[4], row[5]].map(Number);
  if (![loadCodeMs, callActivateMs, finishActivateMs].every((n) => Number.isFinite(n))) return undefined;
  return { loadCodeMs: loadCodeMs as number, callActivateMs: callActivateMs as number, finishActivateMs: finishActivateMs as number, event: row[6] ?? '' };
}

suite('activation', () => {
  test('activates, returns the test API and registers the stable commands', async () => {
    const api = await wscExtension();
    assert.ok(api.activationMs >= 0);
    // Machine-readable for bench/extension-activation.bench.ts (the runner relays it to stdout).
    console.log(`activation-ms: ${api.activationMs} (activate() body, measured in the extension host)`);
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['wsc.signIn', 'wsc.signOut', 'wsc.search', 'wsc.openMessageLink']) assert.ok(commands.includes(id), `${id} is registered`);
  });

  test("VS Code's own activation times for the extension", async () => {
    await wscExtension();
    await vscode.commands.executeCommand('perfview.show');
    let times: VsCodeActivationTimes;
    try {
      times = await waitFor('the activation in VS Code\'s "Startup Performance" document', () => vscodeActivationTimes(), 10_000);
    } finally {
      const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'perf');
      await vscode.window.tabGroups.close(tabs);
    }
    // Machine-readable too (bench/extension-activation.bench.ts).
    console.log(`activation-vscode: load code ${times.loadCodeMs} ms, call activate ${times.callActivateMs} ms, finish activate ${times.finishActivateMs} ms (event ${times.event})`);
  });
});
