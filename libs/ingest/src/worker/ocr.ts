import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';
import { noTextFound } from '../errors';
import { normaliseText } from '../text';
import type { Extracted } from './extracted';

export const OCR_WARNING = 'Scanned image: text recognised by OCR may contain errors.';

let tesseract: Promise<TesseractWorker> | undefined;

/** One Tesseract engine per extraction thread, made on first use from the bundled English data (never a CDN). */
function engine(): Promise<TesseractWorker> {
  tesseract ??= (async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const eng = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
    return createWorker('eng', OEM.LSTM_ONLY, { langPath: eng.langPath, gzip: eng.gzip, cacheMethod: 'none' });
  })();
  return tesseract;
}

/** Text recognised in a PNG or JPEG whose header was already checked against the pixel limits. */
export async function extractImage(bytes: Uint8Array): Promise<Extracted> {
  const worker = await engine();
  const { data } = await worker.recognize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  const text = normaliseText(data.text ?? '', { joinLines: true });
  if (!text) throw noTextFound('No text could be recognised in the image.');
  return { text, warnings: [OCR_WARNING] };
}
