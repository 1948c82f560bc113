// Ctrl+C quits also when it reaches the UI in one read with keys typed just before it (a busy
// moment, or a fast hand): an Esc closing an overlay ("\x1b\x03"), a view's key ("t\x03"), text in
// the compose box. The keys before it are handled first, so a draft typed that way is kept. And it
// quits while a call still waits on a service that does not answer.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { TestEmulator } from '../../support/emulator';
import { PtyApp } from '../support/pty-app';
import { MARIA, closeTui, startTui } from '../support/tui-session';

let emu: TestEmulator | undefined;
let app: PtyApp | undefined;

let silent: { server: Server; sockets: Set<Socket> } | undefined;

afterEach(async () => {
  await closeTui({ app, emu });
  app = undefined;
  emu = undefined;
  for (const socket of silent?.sockets ?? []) socket.destroy();
  await new Promise((resolve) => (silent ? silent.server.close(resolve) : resolve(undefined)));
  silent = undefined;
});

it('Esc and Ctrl+C read together close the overlay and quit', async () => {
  ({ emu, app } = await startTui({ ready: ['Maria Member (@maria) in'] }));
  await app.press('?', 'Esc closes');
  expect(await app.quitWith('\x1b\x03')).toBe(0);
});

it('a key and Ctrl+C read together quit', async () => {
  ({ emu, app } = await startTui());
  expect(await app.quitWith('t\x03')).toBe(0);
});

it('text and Ctrl+C read together in the compose box quit, and the text is kept as the draft', async () => {
  ({ emu, app } = await startTui());
  await app.press('\r', 'general — Company-wide');
  await app.press('i', '▌ message');
  expect(await app.quitWith('typed before quitting\x03')).toBe(0);

  const home = app.home;
  app = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA }, undefined, { home });
  await app.waitFor('general');
  await app.press('\r', 'general — Company-wide');
  await app.press('i', 'typed before quitting▏');
});

it('quits at once while a call waits on a service that takes requests and never answers', async () => {
  ({ emu, app } = await startTui());
  const port = Number(new URL(emu.url).port);
  await emu.stop();
  emu = undefined;
  const sockets = new Set<Socket>();
  let requested!: () => void;
  const request = new Promise<void>((resolve) => (requested = resolve));
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => requested());
  });
  silent = { server, sockets };
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // Whichever call comes next (the live feed reconnecting, the tasks list) now waits for an answer.
  await app.press('t');
  await request;
  expect(await app.quit()).toBe(0);
});
