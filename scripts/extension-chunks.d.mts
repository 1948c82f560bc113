export interface ChunkFile {
  code: string;
  /** A parsed source map (version 3). */
  map?: unknown;
}
export declare function joinStartChunks(files: Map<string, ChunkFile>, entry: string, start: string[]): Map<string, ChunkFile>;
