// The service's own documents (GET /api, the OpenAPI document, list_capabilities), cached per
// service so faces do not re-read them on every use, and read again when they may have changed:
// after `maxAgeMs`, when a caller asks for a fresh copy (wsc doctor), and when a command turns out
// to be missing (its name may have changed). A listener hears when a re-read differs.
import type { Clock } from '../clock';
import { systemClock } from '../clock';

export const SERVICE_DOCUMENTS_MAX_AGE_MS = 5 * 60_000;

interface Entry<T> {
  value: T;
  readAt: number;
  fingerprint: string;
}

export type DocumentName = 'discovery' | 'openapi' | 'capabilities';

export class ServiceDocuments {
  readonly #entries = new Map<DocumentName, Entry<unknown>>();
  readonly #pending = new Map<DocumentName, Promise<unknown>>();
  readonly #listeners = new Set<(name: DocumentName) => void>();

  constructor(
    private readonly clock: Clock = systemClock,
    private readonly maxAgeMs = SERVICE_DOCUMENTS_MAX_AGE_MS,
  ) {}

  /** The cached copy when it is younger than maxAgeMs, else null (nothing is read). */
  peek<T>(name: DocumentName): T | null {
    const entry = this.#entries.get(name);
    return entry && this.clock.now() - entry.readAt < this.maxAgeMs ? (entry.value as T) : null;
  }

  /** The cached copy while it is fresh (unless `fresh`), else one read shared by every caller. */
  async get<T>(name: DocumentName, read: () => Promise<T>, options: { fresh?: boolean } = {}): Promise<T> {
    if (!options.fresh) {
      const cached = this.peek<T>(name);
      if (cached !== null) return cached;
    }
    const pending = this.#pending.get(name);
    if (pending) return pending as Promise<T>;
    const reading = read()
      .then((value) => {
        this.#store(name, value);
        return value;
      })
      .finally(() => this.#pending.delete(name));
    this.#pending.set(name, reading);
    return reading;
  }

  /** Called with the document's name when a re-read differs from the copy it replaces. */
  onChange(listener: (name: DocumentName) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #store(name: DocumentName, value: unknown): void {
    const fingerprint = JSON.stringify(value) ?? '';
    const before = this.#entries.get(name);
    this.#entries.set(name, { value, readAt: this.clock.now(), fingerprint });
    if (before && before.fingerprint !== fingerprint) for (const listener of this.#listeners) listener(name);
  }
}

const byService = new Map<string, ServiceDocuments>();
const MAX_SERVICES = 16;

/** One cache per service origin, shared by every Client of that service in this process. */
export function serviceDocumentsFor(baseUrl: string): ServiceDocuments {
  let documents = byService.get(baseUrl);
  if (!documents) {
    if (byService.size >= MAX_SERVICES) byService.delete(byService.keys().next().value as string);
    documents = new ServiceDocuments();
    byService.set(baseUrl, documents);
  }
  return documents;
}
