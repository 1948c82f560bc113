// Well-known demo tokens (never valid anywhere but the local demo): printed in the README and by
// every `wsc serve --demo`, so the service accepts them from loopback only (emulator/auth.ts).
export const DEMO_TOKENS = {
  alice: 'hpt_demo_alice',
  bob: 'hpt_demo_bob',
  carol: 'hpt_demo_carol',
  erin: 'hpt_demo_erin',
  readonly: 'hpt_demo_readonly',
} as const;
