import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

// A real dynamic import, kept out of reach of the TypeScript/SWC CommonJS transform (pdfjs-dist ships ESM only).
const nativeImport = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

/** Imports a file of an installed package by its path inside the package. */
export function importPackageFile<T>(pkg: string, file: string): Promise<T> {
  const root = path.dirname(require.resolve(`${pkg}/package.json`));
  return nativeImport(pathToFileURL(path.join(root, file)).href) as Promise<T>;
}
