// Hostile input, beyond test/shared/features/markdown-safety.test.ts (which renders each corpus
// string once): here the strings travel through the local service and back through the client
// (messages, mentions with their context, docs, names and titles), and 300 seeded combinations of
// them are rendered at several widths. Nothing executable (HTML) or escaping (terminal) may remain.
// Fuzzed requests to the service itself live in test/emulator/fuzz (no 500, no crash).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from '../../../emulator/fixture';
import { createEmulator, type RunningEmulator } from '../../../emulator/server';
import { Client, renderMarkdownHtml, renderMarkdownTerminal, sanitizeTerminalLine, isTerminalSafe } from '../../../shared';
import { HOSTILE_INPUTS } from '../../fixtures/hostile-inputs';
import { loadFixture } from '../../support/emulator';
import { terminalOutputIsSafe, unsafeHtmlParts } from './html-safety';
import { IDS, TOKENS } from '../support/reliability';

const ESC = '\x1b';
const hostileName = `Eve ${ESC}]8;;https://evil.example${ESC}\\admin${ESC}]8;;${ESC}\\ ${ESC}[2J\u009b1A\r`;

function hostileFixture(): Fixture {
  const f = loadFixture('basic');
  const maria = f.people.find((p) => p.handle === 'maria');
  if (maria) maria.name = hostileName;
  const general = f.channels.find((c) => c.id === IDS.general);
  if (general) general.description = `<script>alert(1)</script>${ESC}]52;c;AAAA\x07`;
  return f;
}

let service: RunningEmulator;
let mike: Client;
let maria: Client;
beforeAll(async () => {
  service = await createEmulator({ fixture: hostileFixture() });
  mike = new Client({ baseUrl: service.url, token: TOKENS.mike, clientName: 'hostile' });
  maria = new Client({ baseUrl: service.url, token: TOKENS.maria, clientName: 'hostile' });
});
afterAll(async () => {
  await mike.close();
  await maria.close();
  await service.close();
});

function expectSafeEverywhere(text: string, where: string): void {
  const html = renderMarkdownHtml(text);
  expect(unsafeHtmlParts(html), `${where}: HTML`).toEqual([]);
  expect(html, `${where}: HTML markup`).not.toMatch(/<(script|iframe|svg|style|object|embed|math|form|meta|base|link|template)\b/i);
  for (const width of [20, 80]) {
    expect(terminalOutputIsSafe(renderMarkdownTerminal(text, { color: true, width })), `${where}: terminal colour ${width}`).toBe(true);
    expect(isTerminalSafe(renderMarkdownTerminal(text, { color: false, width })), `${where}: terminal plain ${width}`).toBe(true);
  }
  const line = sanitizeTerminalLine(text);
  expect(isTerminalSafe(line) && !/[\n\t]/.test(line), `${where}: one line`).toBe(true);
}

describe('hostile input through the service and back', () => {
  it(`${HOSTILE_INPUTS.length} bodies posted, read back by the iterator and as mentions with context, render safely`, { timeout: 30_000 }, async () => {
    expect(HOSTILE_INPUTS.length).toBeGreaterThanOrEqual(100);
    for (const h of HOSTILE_INPUTS) await mike.postMessage(IDS.random, { body: `@maria ${h.input}` });

    const read: string[] = [];
    for await (const m of maria.iterateMessages(IDS.random, { direction: 'newer', limit: 37 })) read.push(m.body);
    const posted = HOSTILE_INPUTS.map((h) => `@maria ${h.input}`);
    // The service stores text as sent (safety is the renderer's job): the round trip is exact.
    expect(read.slice(-posted.length)).toEqual(posted);

    const mentions = (await maria.mentions({ limit: 200, channel_id: IDS.random })).mentions;
    expect(mentions.length).toBeGreaterThanOrEqual(HOSTILE_INPUTS.length);
    for (const row of mentions) {
      expectSafeEverywhere(row.body, `mention ${row.id}`);
      for (const c of row.context) expectSafeEverywhere(c.body, `context of ${row.id}`);
      expect(isTerminalSafe(sanitizeTerminalLine(row.author.name))).toBe(true);
    }
  });

  it('doc titles and bodies, people and channel names render safely', async () => {
    for (const h of HOSTILE_INPUTS.slice(0, 30)) {
      const { id } = await maria.createDoc({ title: h.input.slice(0, 80) || 'x', body: h.input });
      const doc = await maria.getDoc(id);
      expectSafeEverywhere(doc.body, `doc ${h.name}`);
      expect(isTerminalSafe(sanitizeTerminalLine(doc.title))).toBe(true);
    }
    const members = await maria.members(IDS.general);
    const named = members.find((m) => m.name.startsWith('Eve'));
    expect(named?.name).toBe(hostileName);
    expect(sanitizeTerminalLine(named?.name ?? '')).toBe('Eve admin ');
    const general = (await maria.channels()).find((c) => c.id === IDS.general);
    expectSafeEverywhere(general?.description ?? '', 'channel description');
  });
});

describe('hostile combinations', () => {
  // Seeded, so a failure names a reproducible case.
  let seed = 20260;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const glue = ['\n\n', ' ', '**', '> ', '\n- ', '`', '[', '](', ')', '\n```\n', '| ', '\n---\n', '<', '>', '&', '\\'];
  const cases = Array.from({ length: 300 }, (_, n) => {
    const parts = Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(HOSTILE_INPUTS).input);
    return [n, parts.map((p) => pick(glue) + p).join(pick(glue))] as const;
  });

  it.each(cases)('combination %i renders safely in both renderers', (_n, text) => {
    expectSafeEverywhere(text, 'combination');
  });
});
