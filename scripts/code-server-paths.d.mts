export declare const CODE_SERVER_VERSION: string;
export declare const NODE_MAJOR: string;
export declare const DEFAULT_CODE_SERVER_VERSION: string;
export declare const OLDEST_CODE_SERVER_VERSION: string;
export declare const SMOKE_TEST_DRIVER_ARGS: readonly string[];
export declare const CHROMIUM_PATH: string;

export interface CodeServerInstall {
  root: string;
  marker: string;
  nodeDir: string;
  nodeBin: string;
  codeServerDir: string;
  codeServerEntry: string;
  codeServerCli: string;
}

export declare function codeServerInstall(): CodeServerInstall;
export declare function defaultInstallRoot(): string;
export declare function isInstalled(paths?: CodeServerInstall): boolean;
export declare function missingSystemPackages(): { name: string; why: string }[];
