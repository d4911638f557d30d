export type { DocumentKind, ExtractedDocument, ExtractOptions, UrlImportOptions } from './types';
export { INGEST_LIMITS } from './limits';
export type { IngestErrorCode } from './errors';
export { extractFile } from './file/extract-file';
export { closeIngestWorkers } from './worker/run';
export { importUrl } from './url/import-url';
export { isZipFolder, readZipFolder, unzipFolder, type FolderFile } from './file/zip-folder';
