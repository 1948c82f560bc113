// Provided by the esbuild plugin in esbuild.mjs: requires every suite/**/*.test.ts in order.
declare module 'wsc:extension-suites' {
  export function loadSuites(): void;
}
