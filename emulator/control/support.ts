// Helpers of the control API.
import { builtinFixture } from '../builtin-fixture';
import { demoFixture } from '../demo/fixture';
import type { Fixture } from '../fixture';
import type { Services } from '../types';

export { appendRunEvents, type FixtureRunEvent } from '../fixture';

/** The fixture the service started with (reset without a body goes back to it). */
export function builtinOrStartFixture(svc: Services): Fixture {
  return svc.options.fixture ?? (svc.options.demo ? demoFixture() : builtinFixture());
}
