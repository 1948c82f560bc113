// Markdown files load as their text: esbuild's text loader (esbuild.mjs) in the bundles, the
// plugin in vitest.config.ts under test.
declare module '*.md' {
  const text: string;
  export default text;
}
