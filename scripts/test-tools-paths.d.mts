export interface TestTool {
  package: string;
  version: string;
  entry: string[];
}
export declare const TEST_TOOLS: Record<'gemini-cli' | 'conformance' | 'prism' | 'inspector', TestTool>;
export interface TestToolPaths {
  name: keyof typeof TEST_TOOLS;
  package: string;
  version: string;
  root: string;
  marker: string;
  entry: string;
}
export declare function testToolInstall(name: keyof typeof TEST_TOOLS): TestToolPaths;
export declare function isTestToolInstalled(name: keyof typeof TEST_TOOLS, paths?: TestToolPaths): boolean;
export declare const GEMINI_CLI_VERSION: string;
export declare function geminiCliInstall(): TestToolPaths;
