// basic.json with numbered filler messages in #random, a minute apart: a channel longer than a page.
import type { Fixture } from '../../../emulator/fixture';
import { loadFixture } from '../../support/emulator';

export const RANDOM = 'c0000000-0000-4000-8000-000000000006';
export const MIKE = 'a0000000-0000-4000-8000-000000000004';
export const MIKE_TOKEN = 'hpt_mike_rw';

/** Filler `i`'s body: "Filler i of the long channel". */
export function longChannel(fillers: number): Fixture {
  const f = loadFixture('basic');
  const start = Date.UTC(2026, 10, 20, 8, 0, 0);
  for (let i = 0; i < fillers; i++) {
    (f.messages ??= []).push({
      id: `f0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      channel_id: RANDOM,
      author_id: MIKE,
      body: `Filler ${i} of the long channel`,
      created_at: new Date(start + i * 60_000).toISOString(),
    });
  }
  return f;
}
