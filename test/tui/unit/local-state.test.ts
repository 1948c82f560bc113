// The terminal UI's remembered drafts and last-seen marks, saved to a real file in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalState } from '../../../tui/local-state';

let folder: string | undefined;

afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

describe('LocalState', () => {
  it('keeps the newest drafts when a save still under way (the delayed one) is overtaken by the save at quit', async () => {
    folder = mkdtempSync(join(tmpdir(), 'wsc-local-state-'));
    for (let round = 0; round < 50; round++) {
      const path = join(folder, `state-${round}.json`);
      const state = new LocalState(path);
      state.setDraft('general', 'older');
      const delayed = state.flush();
      state.setDraft('general', `newest ${round}`);
      await state.flush();
      await delayed;
      const again = new LocalState(path);
      await again.load();
      expect(again.draft('general')).toBe(`newest ${round}`);
    }
  });
});
