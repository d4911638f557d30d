import * as https from 'node:https';
import * as tls from 'node:tls';
import { isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import { DomainError } from '@inkprint/domain-kernel';
import { fetchFailed, fetchTimeout, sizeExceeded, unsupportedType } from '../errors';
import { classifyBytes } from '../file/classify';
import { describe } from '../file/extract-file';
import { sniffType } from '../file/sniff';
import { INGEST_LIMITS } from '../limits';
import type { DocumentKind, ExtractedDocument, UrlImportOptions } from '../types';
import { runExtraction } from '../worker/run';
import { bareHost, parseImportUrl, resolveAllowed, type Lookup, type ResolvedAddress } from './url-guard';

const ACCEPT =
  'text/html,application/xhtml+xml,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain;q=0.9,image/png;q=0.8,image/jpeg;q=0.8,*/*;q=0.1';

const DECLARED_KIND: Record<string, DocumentKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/jpg': 'image',
};

const defaultLookup: Lookup = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * Fetches an https URL safely and extracts its readable text (HTML through Readability, PDF, DOCX, plain text,
 * PNG/JPEG through OCR). Each hop (at most `maxRedirects` redirects) is re-parsed, re-resolved, re-checked and
 * connected to the very address that was checked; the body is capped while it streams; the whole import
 * (fetch + extraction) runs within `timeoutMs`.
 */
export async function importUrl(rawUrl: string, options: UrlImportOptions = {}): Promise<ExtractedDocument> {
  const timeoutMs = options.timeoutMs ?? INGEST_LIMITS.timeoutMs;
  const deadline = Date.now() + timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(fetchTimeout(timeoutMs)), timeoutMs);
  const onAbort = () => controller.abort(options.signal?.reason ?? new Error('URL import aborted'));
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const fetched = await fetchWithRedirects(rawUrl, options, controller.signal);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw fetchTimeout(timeoutMs);
    const { bytes, contentType, mime, finalUrl } = fetched;
    const classified = classifyFetched(bytes, mime, contentType);
    const extracted = await runExtraction(classified.job, { timeoutMs: remaining, signal: options.signal });
    return {
      text: extracted.text,
      source: {
        name: nameOf(finalUrl),
        kind: classified.kind,
        bytes: bytes.length,
        ...(extracted.pages ? { pages: extracted.pages } : {}),
        url: finalUrl.href,
        ...(contentType ? { contentType } : {}),
      },
      warnings: [...classified.warnings, ...extracted.warnings],
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

interface Fetched {
  bytes: Uint8Array;
  contentType?: string;
  mime: string;
  finalUrl: URL;
}

async function fetchWithRedirects(rawUrl: string, options: UrlImportOptions, signal: AbortSignal): Promise<Fetched> {
  const maxRedirects = Math.max(0, Math.min(options.maxRedirects ?? INGEST_LIMITS.maxRedirects, 10));
  let url = parseImportUrl(rawUrl);
  // Bounded: one request per hop, at most maxRedirects + 1 hops.
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const target = await abortable(resolve(url, options), signal);
    const response = await request(url, target, options, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && status !== 304) {
      response.destroy();
      const location = response.headers.location;
      if (!location) throw fetchFailed('redirect without location', { status });
      if (hop === maxRedirects) throw fetchFailed('too many redirects', { maxRedirects });
      let next: string;
      try {
        next = new URL(location, url).href;
      } catch {
        throw fetchFailed('invalid redirect location', { status });
      }
      url = parseImportUrl(next, true);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw fetchFailed('http status', { status });
    }
    const contentType = response.headers['content-type'];
    const mime = (contentType ?? '').split(';')[0].trim().toLowerCase();
    const bytes = await readCapped(response, signal);
    return { bytes, contentType, mime, finalUrl: url };
  }
  throw fetchFailed('too many redirects', { maxRedirects });
}

async function resolve(url: URL, options: UrlImportOptions): Promise<ResolvedAddress> {
  let target: ResolvedAddress | undefined;
  try {
    target = await resolveAllowed(url, options.lookup ?? defaultLookup, options.allowLoopbackHosts);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw fetchFailed('dns');
  }
  if (!target) throw fetchFailed('dns');
  return target;
}

/** One GET connected to the checked address (custom lookup), with SNI and Host kept for the name. */
function request(url: URL, target: ResolvedAddress, options: UrlImportOptions, signal: AbortSignal) {
  const host = bareHost(url);
  return new Promise<IncomingMessage>((resolvePromise, reject) => {
    const req = https.request(
      {
        method: 'GET',
        protocol: 'https:',
        host,
        port: Number(url.port) || 443,
        path: `${url.pathname}${url.search}`,
        headers: {
          host: url.host,
          accept: ACCEPT,
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'InkprintImporter/1.0 (+https://inkprint.app)',
        },
        servername: isIP(host) ? undefined : host,
        agent: false,
        lookup: (_hostname, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all) {
            (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
          } else callback(null, target.address, target.family);
        },
        ca: options.extraCa?.length ? [...tls.rootCertificates, ...options.extraCa] : undefined,
        signal,
      },
      resolvePromise,
    );
    req.on('error', (error) => reject(networkError(error, signal)));
    req.end();
  });
}

/** Reads the body, decoding gzip/deflate/br, and aborts as soon as raw or decoded bytes pass the document limit. */
function readCapped(response: IncomingMessage, signal: AbortSignal): Promise<Uint8Array> {
  const cap = INGEST_LIMITS.documentBytes;
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) {
    response.destroy();
    return Promise.reject(sizeExceeded('url', 'document'));
  }
  const encoding = String(response.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  let decoder: Transform | undefined;
  if (encoding === 'gzip' || encoding === 'x-gzip') decoder = createGunzip();
  else if (encoding === 'deflate') decoder = createInflate();
  else if (encoding === 'br') decoder = createBrotliDecompress();
  else if (encoding !== 'identity' && encoding !== '') {
    response.destroy();
    return Promise.reject(fetchFailed('unsupported content encoding', { encoding }));
  }
  return new Promise<Uint8Array>((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let raw = 0;
    let decoded = 0;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      response.destroy();
      decoder?.destroy();
      reject(error);
    };
    const output = decoder ?? response;
    response.on('data', (chunk: Buffer) => {
      raw += chunk.length;
      if (raw > cap) fail(sizeExceeded('url', 'document'));
    });
    output.on('data', (chunk: Buffer) => {
      decoded += chunk.length;
      if (decoded > cap) return fail(sizeExceeded('url', 'document'));
      chunks.push(chunk);
    });
    output.on('end', () => {
      if (settled) return;
      settled = true;
      resolvePromise(new Uint8Array(Buffer.concat(chunks)));
    });
    const onError = (error: Error) => fail(networkError(error, signal));
    response.on('error', onError);
    response.on('aborted', () => fail(networkError(fetchFailed('connection closed early'), signal)));
    response.on('close', () => {
      if (!response.complete) fail(networkError(fetchFailed('connection closed early'), signal));
    });
    decoder?.on('error', () => fail(fetchFailed('corrupt content encoding', { encoding })));
    if (decoder) response.pipe(decoder);
  });
}

/** Content decides, and a declared document type must agree with it (a PDF link that answers a login page fails). */
function classifyFetched(bytes: Uint8Array, mime: string, contentType: string | undefined) {
  if (bytes.length === 0) throw fetchFailed('empty body');
  let body = bytes;
  const sniffed = sniffType(bytes);
  const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  // Text in a legacy charset (windows-1252, Shift_JIS...) is turned into UTF-8 first.
  if (sniffed.kind === 'other' && sniffed.format === 'binary data' && mime.startsWith('text/') && charset) {
    try {
      body = new Uint8Array(Buffer.from(new TextDecoder(charset).decode(bytes), 'utf8'));
    } catch {
      /* unknown charset: classified as it is */
    }
  }
  const isHtml =
    mime === 'text/html' ||
    mime === 'application/xhtml+xml' ||
    ((!mime || mime === 'application/octet-stream') &&
      /^\s*<(!doctype html|html)/i.test(Buffer.from(body.subarray(0, 512)).toString('latin1')));
  const classified = classifyBytes(body, 'url', isHtml ? 'html' : 'txt');
  const declared = DECLARED_KIND[mime];
  if (declared && declared !== classified.kind) {
    throw unsupportedType({ contentType: mime, detected: describe(classified.kind) });
  }
  return classified;
}

function nameOf(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop();
  try {
    return last ? decodeURIComponent(last) : url.hostname;
  } catch {
    return last ?? url.hostname;
  }
}

function networkError(error: Error, signal: AbortSignal): Error {
  if (signal.aborted) return signal.reason instanceof Error ? signal.reason : fetchTimeout(0);
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code.includes('CERT') || code.startsWith('ERR_SSL')) {
    return fetchFailed('tls');
  }
  return fetchFailed('network');
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolvePromise, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolvePromise(value)),
      (error) => (signal.removeEventListener('abort', onAbort), reject(error)),
    );
  });
}
