/**
 * The version of each doc that its editor holds: the body and updated_at it was read at (or last
 * saved as). Every save sends that updated_at as expected_updated_at, and a 409 merges against
 * that body. Keyed by doc id, so a renamed tab keeps its base.
 */

export interface BaseVersion {
  body: string;
  updated_at: string;
}

export class BaseVersions {
  readonly #byDoc = new Map<string, BaseVersion>();

  get(docId: string): BaseVersion | undefined {
    return this.#byDoc.get(docId);
  }

  /** After a read of the server's version or a successful save. */
  set(docId: string, version: BaseVersion): void {
    this.#byDoc.set(docId, { body: version.body, updated_at: version.updated_at });
  }

  delete(docId: string): void {
    this.#byDoc.delete(docId);
  }
}
