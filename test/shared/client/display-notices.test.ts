// The faces with a logger (the extension's output channel) hear a display field the service left
// out of a whole answer, once per field, with the field and the endpoint.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, type LogFields, type Logger } from '../../../shared';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { startAnswerProxy, type AnswerProxy } from '../../support/answer-proxy';
import { renameFields } from '../../../emulator/variants';
import { ALICE_TOKEN, clientFixture, IDS } from '../support/fixture';

let service: TestEmulator;
let proxy: AnswerProxy;
const warnings: Array<{ message: string; fields?: LogFields }> = [];
const logger: Logger = { debug: () => {}, info: () => {}, warn: (message, fields) => warnings.push({ message, fields }), error: () => {} };

beforeAll(async () => {
  service = await startEmulator({ fixture: clientFixture(), variant: 'default' });
  proxy = await startAnswerProxy(service.url, { rewriteAnswer: (_path, body) => renameFields(body, { kind: 'type', risk: 'level' }) });
});
afterAll(async () => {
  await proxy.close();
  await service.stop();
});

it('warns once per field through the client logger, and the rows still read with the placeholder', async () => {
  const client = new Client({ baseUrl: proxy.url, token: ALICE_TOKEN, clientName: 'notice-tests', logger, retry: { maxAttempts: 1 } });
  try {
    const first = await client.channels();
    await client.channels();
    expect(first.every((c) => c.kind === 'channel')).toBe(true);
    const kind = warnings.filter((w) => w.fields?.field === 'channels[].kind');
    expect(kind).toHaveLength(1);
    expect(kind[0]?.fields?.endpoint).toBe('GET /api/v1/channels');
    expect(kind[0]?.message).toContain('wsc doctor');

    const capabilities = await client.capabilities();
    expect(capabilities.commands.length).toBeGreaterThan(0);
    expect(warnings.filter((w) => w.fields?.field === 'commands[].risk')).toHaveLength(1);
    // Renamed at every depth: a message's author.kind too, named by its full path.
    await client.messages(IDS.general, { limit: 3 });
    await client.messages(IDS.general, { limit: 3 });
    expect(warnings.filter((w) => w.fields?.field === 'messages[].author.kind')).toHaveLength(1);
  } finally {
    await client.close();
  }
});
