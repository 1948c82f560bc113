// Localisation inside the real VS Code: the manifest's %key% strings reach the editor as the English
// of package.nls.json (commands, settings, walkthrough), never as the keys.
import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './support';

interface Manifest {
  displayName: string;
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    configuration: { properties: Record<string, { description?: string; markdownDescription?: string }> };
    walkthroughs: { title: string; steps: { title: string; description: string }[] }[];
  };
}

suite('localisation', () => {
  test('the manifest reaches VS Code in English from package.nls.json, with no %key% left', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    // The file says keys; VS Code puts the words in their place.
    const file = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extension!.extensionUri, 'package.json')));
    assert.match(file, /"title": "%command\.signIn\.title%"/);
    const manifest = extension?.packageJSON as Manifest;
    assert.equal(manifest.displayName, 'Workspace');
    const signIn = manifest.contributes.commands.find((c) => c.command === 'wsc.signIn');
    assert.deepEqual([signIn?.category, signIn?.title], ['Workspace', 'Sign In']);
    const keys = JSON.stringify(manifest).match(/"%[\w.-]+%"/g) ?? [];
    assert.deepEqual(keys, []);
    assert.match(manifest.contributes.configuration.properties['wsc.tasks.queries']?.markdownDescription ?? '', /^Saved task views/);
    assert.match(manifest.contributes.walkthroughs[0]?.steps[0]?.description ?? '', /\(command:wsc\.signIn\)/);
  });
});
