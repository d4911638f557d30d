/** Hard limits of the ingest library; the API and the web client quote the same figures. */
export const INGEST_LIMITS = {
  /** .txt, .pdf, .docx (and HTML fetched by URL). */
  documentBytes: 10 * 1024 * 1024,
  /** .jpg, .jpeg, .png (OCR). */
  imageBytes: 5 * 1024 * 1024,
  /** Declared pixels of an image before it is decoded (decompression-bomb guard). */
  imagePixels: 25_000_000,
  /** Longest side of an image, in pixels. */
  imageSide: 12_000,
  /** Entries in a DOCX zip. */
  zipEntries: 2_000,
  /** Total bytes a DOCX may inflate to, declared and actual. */
  zipInflatedBytes: 100 * 1024 * 1024,
  /** Largest inflated/compressed ratio of one zip entry bigger than 1 MiB. */
  zipEntryRatio: 100,
  /** Pages read from a PDF. */
  pdfPages: 500,
  /** Characters of extracted text kept. */
  textChars: 2_000_000,
  /** Default time limit of one extraction or URL import, in ms. */
  timeoutMs: 30_000,
  /** Redirects followed by a URL import. */
  maxRedirects: 3,
  /** Longest URL accepted. */
  urlChars: 2_048,
} as const;

export type IngestLimits = typeof INGEST_LIMITS;
