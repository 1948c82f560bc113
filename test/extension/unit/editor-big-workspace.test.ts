// Hovers and completion of T-refs in a workspace of 20,000 tasks (the big workspace), against the
// local service over HTTP: the kept completion lists hold one page, so a typed number is looked up
// by ref (typed words are searched); a hover reads any task by ref.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../../shared/client';
import { completionAt } from '../../../extension/editor/completion-entries';
import { ReferenceCache } from '../../../extension/editor/reference-cache';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { BIG_TOKENS, bigWorkspace } from '../../fixtures/big-workspace';

let emu: TestEmulator;
let client: Client;

beforeAll(async () => {
  emu = await startEmulator({ fixture: bigWorkspace() });
  client = new Client({ baseUrl: emu.url, token: BIG_TOKENS.owner, clientName: 'extension-unit' });
}, 60_000);
afterAll(async () => {
  await client.close();
  await emu.stop();
});

describe('T-refs beyond the first page', () => {
  it('a hover reads T-19999', async () => {
    const card = await new ReferenceCache(client).task('T-19999');
    expect(card?.task.title).toBe('Task 19999');
  });

  it('completion offers T-19999 for "T-19999" and T-19998 for "#19998"', async () => {
    const cache = new ReferenceCache(client);
    const byRef = await completionAt(cache, 'see T-19999');
    expect(byRef?.entries.map((e) => e.label)).toContain('T-19999');
    const byHash = await completionAt(cache, 'see #19998');
    expect(byHash?.entries.map((e) => e.label)).toContain('T-19998');
    const unknown = await completionAt(cache, 'see T-99999');
    expect(unknown?.entries.map((e) => e.label)).not.toContain('T-99999');
  });
});
