// The language model tools package.json contributes are the service's MCP tools (one source):
// every tool of the local service's live list (its server card, which equals tools/list), with
// the same description and input schema, a `#` reference name, reads and writes tagged, and writes
// hidden while "wsc.agentTools.readOnly" is on. WSC_WRITE_LM_TOOLS=1 writes package.json's entries
// again from the list (after a tool changes), keeping everything else in the file as it is.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lmToolContribution, WRITES_WHEN, type LmToolContribution, type McpToolListing } from '../../../extension/lm-tools/manifest';
import { startEmulator, type TestEmulator } from '../../support/emulator';

const PACKAGE_JSON = join(__dirname, '..', '..', '..', 'package.json');

interface Manifest {
  contributes: { languageModelTools?: LmToolContribution[]; configuration: { properties: Record<string, { type: string; default: unknown }> } };
}

let em: TestEmulator;
let listed: McpToolListing[];
beforeAll(async () => {
  em = await startEmulator();
  listed = ((await (await fetch(`${em.url}/.well-known/mcp/server-card.json`)).json()) as { tools: McpToolListing[] }).tools;
});
afterAll(() => em.stop());

describe('language model tools in package.json', () => {
  it('are exactly the service tool list mapped by manifest.ts', () => {
    const text = readFileSync(PACKAGE_JSON, 'utf8');
    const manifest = JSON.parse(text) as Manifest;
    const expected = listed.map(lmToolContribution);
    if (process.env.WSC_WRITE_LM_TOOLS === '1') {
      manifest.contributes.languageModelTools = expected;
      writeFileSync(PACKAGE_JSON, `${JSON.stringify(manifest, null, 2)}\n`);
      return;
    }
    expect(manifest.contributes.languageModelTools, 'run this test with WSC_WRITE_LM_TOOLS=1 to write them again').toEqual(expected);
  });

  it('reads are always offered; writes only while the read-only setting is off', () => {
    const manifest = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as Manifest;
    const tools = manifest.contributes.languageModelTools ?? [];
    const names = (tag: string) => tools.filter((t) => t.tags.includes(tag)).map((t) => t.name);
    expect(names('wsc-read')).toEqual(expect.arrayContaining(['wsc_read_thread', 'wsc_list_tasks', 'wsc_read_doc']));
    expect(names('wsc-write').sort()).toEqual(
      ['wsc_add_task_note', 'wsc_create_doc', 'wsc_create_task', 'wsc_link_pull_request', 'wsc_post_message', 'wsc_reply_in_thread', 'wsc_update_task', 'wsc_write_doc'].sort(),
    );
    for (const t of tools) {
      expect(t.when, t.name).toBe(t.tags.includes('wsc-write') ? WRITES_WHEN : undefined);
      expect(t.toolReferenceName, t.name).toMatch(/^[\w-]+$/);
      expect(t.canBeReferencedInPrompt).toBe(true);
    }
    expect(WRITES_WHEN).toBe('!config.wsc.agentTools.readOnly');
    expect(manifest.contributes.configuration.properties['wsc.agentTools.readOnly']).toMatchObject({ type: 'boolean', default: false });
  });
});
