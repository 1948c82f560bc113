// The workspace `wsc serve --demo` loads. DOMAINS replaces this re-export with the demo workspace
// from emulator/demo/ once it exists.
export { builtinFixture as demoFixture } from './builtin-fixture';
