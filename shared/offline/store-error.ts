/** A failure of the offline store with what to do next (no SQLite needed to name it). */
export class OfflineStoreError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = 'OfflineStoreError';
  }
}
