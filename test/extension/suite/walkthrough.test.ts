// The Get Started walkthrough inside the real workbench: it opens from its id, and every step's
// completion command and button command is one the running extension registered. (The workbench
// shows its Welcome tab for any id, so the steps' shape is checked in test/extension/unit/manifest.)
import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { EXTENSION_ID, waitFor, wscExtension } from './support';

interface Step {
  id: string;
  description: string;
  completionEvents: string[];
}

suite('walkthrough', () => {
  test('every step completes on, and links to, a command the extension registered', async () => {
    await wscExtension();
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const steps = (extension.packageJSON.contributes.walkthroughs as { steps: Step[] }[])[0]!.steps;
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const step of steps) {
      const commands = [
        ...step.completionEvents.filter((e) => e.startsWith('onCommand:')).map((e) => e.slice('onCommand:'.length)),
        ...[...step.description.matchAll(/\(command:([\w.]+)\)/g)].map((m) => m[1]!),
      ];
      for (const command of commands) assert.ok(registered.has(command), `${step.id}: ${command} is not registered`);
    }
  });

  test('opens in the workbench from its id', async () => {
    // Counted by label: the walkthrough opens as a preview tab and may take the place of another
    // preview tab an earlier suite left, so the number of all tabs need not grow.
    const walkthroughTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => /Welcome|Walkthrough|Get started with Workspace/i.test(t.label));
    await vscode.window.tabGroups.close(walkthroughTabs());
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#getStarted`, false);
    const tab = await waitFor('the walkthrough tab', () => walkthroughTabs()[0]);
    await vscode.window.tabGroups.close(tab);
  });
});
