// The public entry of the API layer. extension/ and tui/ import from here only.
export * from './contract';
