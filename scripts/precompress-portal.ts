// Part of `npm run build`: writes <file>.br and <file>.gz beside every text file of the built portal
// (apps/portal/dist), compressed once at the highest levels, so that the server sends them as they
// are (apps/server/src/plugins/static.ts) instead of compressing on every request. A copy that is
// already newer than its file (written by the portal's own build) is left as it is.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
]);

function filesUnder(folder: string, top = true): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    // dist/server is the server's own build of the first view (issue 7): never sent, not compressed.
    if (top && entry.isDirectory() && entry.name === 'server') return [];
    return entry.isDirectory() ? filesUnder(path, false) : [path];
  });
}

function isFresh(copy: string, sourceModified: number): boolean {
  try {
    return statSync(copy).mtimeMs >= sourceModified;
  } catch {
    return false;
  }
}

export function precompress(dist: string): { files: number; bytes: number; brotliBytes: number } {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for (const file of filesUnder(dist)) {
    if (!TEXT_EXTENSIONS.has(extname(file))) continue;
    const modified = statSync(file).mtimeMs;
    const content = readFileSync(file);
    if (!isFresh(`${file}.br`, modified)) {
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      );
    }
    if (!isFresh(`${file}.gz`, modified)) writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    files += 1;
    bytes += content.length;
    brotliBytes += statSync(`${file}.br`).size;
  }
  return { files, bytes, brotliBytes };
}

const dist = resolve(import.meta.dirname, '../apps/portal/dist');
const { files, bytes, brotliBytes } = precompress(dist);
console.log(
  `Precompressed ${files} text files of the portal: ${Math.round(bytes / 1024)} KiB, ${Math.round(brotliBytes / 1024)} KiB as brotli (.br and .gz beside each)`,
);
