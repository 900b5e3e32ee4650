// The portal's built files, read into memory once at start and sent from there (issue 7). The build
// does not change while the server runs, and it is small (about 2.5 MB with its .br and .gz copies).
// Sending a file from disk cost this server some 3 ms of CPU per request (a stat for each
// precompressed copy tried, then open, read and close), against under 1 ms for an answer already in
// memory: a phone's first visit fetches 25–45 of them, on the same cores as the browser in a
// one-machine install. What is sent is unchanged: the copy the browser prefers, the same headers.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The compressed copies the build writes beside a text file, best first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
const COPY_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Types of the files a portal build holds; anything else goes out as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

/** One form of a file as sent: its bytes and the validator of exactly those bytes. */
interface Variant {
  body: Buffer;
  etag: string;
}

export interface BuiltFile {
  /** The URL path it is sent at ("/assets/index-1.js"). */
  url: string;
  type: string;
  lastModified: string;
  plain: Variant;
  /** The build's compressed copies of it, where it wrote them, and their encodings, best first. */
  copies: Partial<Record<Encoding, Variant>>;
  offered: readonly Encoding[];
}

/** A weak validator from size and modification time, as the file server used before this one. */
function variantOf(path: string): Variant & { modified: Date } {
  const stats = statSync(path);
  return {
    body: readFileSync(path),
    etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
    modified: stats.mtime,
  };
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Reads the files of the build that browsers may have, with their compressed copies. `isPrivate`
 * names the paths (relative, with "/") never to send. Dotfiles and folders (.vite), source maps,
 * and the copies themselves (sent only in place of their file) are left out as well.
 */
export function readBuiltFiles(root: string, isPrivate: (path: string) => boolean): BuiltFile[] {
  const files: BuiltFile[] = [];
  for (const path of filesUnder(root)) {
    const name = relative(root, path).split(sep).join('/');
    if (isPrivate(name) || name.split('/').some((part) => part.startsWith('.'))) continue;
    if (/\.(br|gz|map)$/.test(name)) continue;
    const { modified, ...plain } = variantOf(path);
    const copies: Partial<Record<Encoding, Variant>> = {};
    for (const encoding of ENCODINGS) {
      try {
        copies[encoding] = variantOf(path + COPY_SUFFIX[encoding]);
      } catch {
        // no such copy: the build compresses text files only
      }
    }
    files.push({
      url: `/${name}`,
      type: CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream',
      lastModified: modified.toUTCString(),
      plain,
      copies,
      offered: ENCODINGS.filter((encoding) => copies[encoding]),
    });
  }
  return files;
}

/** The encoding to send among `offered`, as the Accept-Encoding header ranks them (q-values honoured). */
export function preferredEncoding(
  acceptEncoding: string | string[] | undefined,
  offered: readonly Encoding[],
): Encoding | null {
  if (typeof acceptEncoding !== 'string' || offered.length === 0) return null;
  // "*" stands for any encoding not named; gzip is the one every client can read.
  return negotiate(acceptEncoding.toLowerCase().replace(/\*/g, 'gzip'), [...offered]) as Encoding | null;
}

/** Whether the browser's copy, validated by If-None-Match or else If-Modified-Since, is current. */
export function isNotModified(request: FastifyRequest, etag: string, lastModified?: string): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string') {
    const bare = etag.replace(/^W\//, '');
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim())
      .some((tag) => tag === '*' || tag.replace(/^W\//, '') === bare);
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (typeof ifModifiedSince !== 'string' || lastModified === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

/** Sends `file` in the form the browser prefers, with `cacheControl`; 304 when its copy is current. */
export function sendBuiltFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: BuiltFile,
  cacheControl: string,
): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding'], file.offered);
  const variant = (encoding && file.copies[encoding]) || file.plain;
  reply
    .header('cache-control', cacheControl)
    .header('last-modified', file.lastModified)
    .header('etag', variant.etag)
    .type(file.type);
  if (file.offered.length > 0) reply.header('vary', 'Accept-Encoding');
  if (isNotModified(request, variant.etag, file.lastModified)) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.code(200).send(variant.body);
}
