export type DocumentKind = 'txt' | 'pdf' | 'docx' | 'image' | 'html';

export interface ExtractedDocument {
  /** Readable plain text: paragraphs separated by blank lines, whitespace normalised. */
  text: string;
  source: { name: string; kind: DocumentKind; bytes: number; pages?: number; url?: string; contentType?: string };
  /** Human-readable notes, e.g. 'Scanned image: text recognised by OCR may contain errors.' */
  warnings: string[];
}

export interface ExtractOptions {
  /** Time limit of the extraction in ms (default 30 000). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface UrlImportOptions extends ExtractOptions {
  /** Redirects followed, each re-checked (default 3). */
  maxRedirects?: number;
  /** TEST ONLY: host names allowed to resolve to loopback (a local HTTPS test server); production never sets it. */
  allowLoopbackHosts?: string[];
  /** TEST ONLY: extra CA certificates (PEM) to trust, for the local HTTPS test server. */
  extraCa?: string[];
  /** DNS lookup, injectable for tests (default node:dns lookup with all: true). */
  lookup?: (host: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;
}
