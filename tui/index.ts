// The terminal UI's public entry.
export { runTui, type RunTuiOptions } from './run';
export { App, type AppProps } from './App';
