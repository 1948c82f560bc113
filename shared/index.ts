// The public entry of the API layer. extension/ and tui/ import from here only.
// Only `export *` here: an index that names what it re-exports makes a bundle load every module
// behind it for any one name (the schema modules among them); with stars it loads what is used.
export * from './contract';
export * from './api';
export * from './compat';
