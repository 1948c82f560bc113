// The workspace a service starts with: --fixture, else the demo's with --demo, else the minimal
// built-in one. A control reset without a body goes back to it.
import { builtinFixture } from './builtin-fixture';
import { demoFixture } from './demo/fixture';
import type { Fixture } from './fixture';
import type { EmulatorOptions } from './types';

export function startFixture(options: Pick<EmulatorOptions, 'fixture' | 'demo'>): Fixture {
  return options.fixture ?? (options.demo ? demoFixture() : builtinFixture());
}
