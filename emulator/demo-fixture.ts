// The workspace `wsc serve --demo` loads: the built-in demo workspace of emulator/demo/.
export { demoFixture } from './demo/fixture';
