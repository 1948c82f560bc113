// The parity table (scenarios.ts) through the CLI (subprocesses) and the terminal UI (a pty), each
// scenario on a fresh local service behind a switchable proxy, signed in as Maria. The VS Code
// face runs the same table in test/extension/suite/parity.test.ts.
import { afterEach, describe, it } from 'vitest';
import { loadFixture, startEmulator, type TestEmulator } from '../support/emulator';
import { startSwitchableProxy, type SwitchableProxy } from '../support/switchable-proxy';
import { ensureBuilt } from '../tui/support/pty-app';
import { CliFace } from './faces/cli';
import { TuiFace } from './faces/tui';
import { PARITY, SCENARIOS, type FaceDriver, type FaceName, type ParityWorld } from './scenarios';

const FACES: Record<Exclude<FaceName, 'vscode'>, (proxy: SwitchableProxy) => FaceDriver> = {
  cli: (proxy) => new CliFace({ url: proxy.url }),
  tui: (proxy) => new TuiFace(proxy),
};

describe.each(Object.keys(FACES) as (keyof typeof FACES)[])('parity through the %s', (faceName) => {
  let emu: TestEmulator | undefined;
  let proxy: SwitchableProxy | undefined;
  let face: FaceDriver | undefined;

  afterEach(async () => {
    await face?.close();
    await proxy?.close();
    await emu?.stop();
    face = undefined;
    proxy = undefined;
    emu = undefined;
  });

  for (const scenario of SCENARIOS) {
    const skip = scenario.skip?.[faceName];
    it.skipIf(skip !== undefined)(scenario.name, async () => {
      ensureBuilt();
      emu = await startEmulator({ fixture: loadFixture(PARITY.fixture) });
      proxy = await startSwitchableProxy(emu.url);
      const running = emu;
      const world: ParityWorld = {
        proxy,
        serviceUrl: running.url,
        state: () => running.control.state(),
        async control(path, body) {
          const response = await fetch(`${running.url}/_emulator${path}`, { method: 'POST', headers: { 'x-emulator-key': running.controlKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
          if (!response.ok) throw new Error(`POST /_emulator${path} answered ${response.status}: ${await response.text()}`);
          return response.json();
        },
      };
      face = FACES[faceName](proxy);
      await scenario.run({ world, face, stamp: `${faceName} ${Date.now().toString(36)}` });
    }, 180_000);
  }
});
