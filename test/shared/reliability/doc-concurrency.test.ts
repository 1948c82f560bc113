// Two people edit one doc 200 times at once through the real client and saveDoc. Each edit sets
// one line; A owns the even lines and B the odd ones, so their edits sit next to each other and
// collide both cleanly (far apart) and as conflicts (adjacent lines). The rule under test: no edit
// is lost — each is saved, or reported as merged_clean / conflict and then saved by a follow-up
// saveDoc on top of theirs, as a person resolving it would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type RunningEmulator } from '../../../emulator/server';
import { Client, saveDoc, type SaveDocResult } from '../../../shared';
import { loadFixture } from '../../support/emulator';
import { TOKENS } from '../support/reliability';

const EDITS_EACH = 100;
const LINES = EDITS_EACH * 2;

let service: RunningEmulator;
beforeAll(async () => {
  service = await createEmulator({ fixture: loadFixture('basic') });
});
afterAll(() => service.close());

const setLine = (body: string, line: number, text: string): string => {
  const lines = body.split('\n');
  lines[line] = text;
  return lines.join('\n');
};

type Outcome = SaveDocResult['kind'];

/** One person's 100 edits, each kept until it is saved; returns how each attempt went. */
async function editor(client: Client, docId: string, who: 'A' | 'B', first: { body: string; updated_at: string }): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let base = first;
  for (let i = 0; i < EDITS_EACH; i++) {
    const line = who === 'A' ? 2 * i : 2 * i + 1;
    const text = `line ${line}: edited by ${who} (${i})`;
    let mine = setLine(base.body, line, text);
    for (let attempt = 0; ; attempt++) {
      if (attempt > 50) throw new Error(`${who} edit ${i} was not saved after 50 attempts`);
      const result = await saveDoc(client, { id: docId, base, mine });
      outcomes.push(result.kind);
      if (result.kind === 'saved') {
        base = { body: mine, updated_at: result.updated_at };
        break;
      }
      if (result.kind === 'already_saved') {
        base = { body: result.theirs.body, updated_at: result.theirs.updated_at };
        break;
      }
      if (result.kind === 'merged_clean') {
        // Offered the clean merge: keep it, on top of theirs.
        base = { body: result.theirs.body, updated_at: result.theirs.updated_at };
        mine = result.merged;
      } else if (result.kind === 'conflict') {
        // The person resolves the conflict by redoing their one-line edit on theirs.
        base = { body: result.theirs.body, updated_at: result.theirs.updated_at };
        mine = setLine(result.theirs.body, line, text);
      } else {
        throw new Error(`${who} edit ${i}: unexpected outcome ${result.kind}: ${JSON.stringify(result)}`);
      }
    }
  }
  return outcomes;
}

describe('two clients editing one doc concurrently', () => {
  it('200 edits, no edit lost (saved, or merged / conflict-resolved and then saved)', { timeout: 60_000 }, async () => {
    const a = new Client({ baseUrl: service.url, token: TOKENS.maria, clientName: 'editor-a' });
    const b = new Client({ baseUrl: service.url, token: TOKENS.mike, clientName: 'editor-b' });
    try {
      const initial = Array.from({ length: LINES }, (_, n) => `line ${n}: untouched`).join('\n');
      const { id } = await a.createDoc({ title: 'Shared notes', body: initial });
      const doc = await a.getDoc(id);
      const [outA, outB] = await Promise.all([editor(a, id, 'A', doc), editor(b, id, 'B', doc)]);

      const final = (await a.getDoc(id)).body.split('\n');
      expect(final).toHaveLength(LINES);
      for (let i = 0; i < EDITS_EACH; i++) {
        expect(final[2 * i]).toBe(`line ${2 * i}: edited by A (${i})`);
        expect(final[2 * i + 1]).toBe(`line ${2 * i + 1}: edited by B (${i})`);
      }
      const all = [...outA, ...outB];
      expect(all.filter((k) => k === 'saved').length + all.filter((k) => k === 'already_saved').length).toBe(LINES);
      // The two really collided (otherwise this test proves nothing).
      expect(all.filter((k) => k === 'merged_clean' || k === 'conflict').length).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
