export declare const GEMINI_CLI_VERSION: string;

export interface GeminiCliInstall {
  root: string;
  marker: string;
  entry: string;
}

export declare function geminiCliInstall(): GeminiCliInstall;
export declare function isGeminiInstalled(paths?: GeminiCliInstall): boolean;
