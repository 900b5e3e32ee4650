// Compressed answers for what is built at request time: JSON above 1 KiB (a bill history, the API
// document) goes out as brotli or gzip, whichever the client prefers. The portal's files are not
// compressed here: the build writes their .br/.gz copies and static.ts sends those, marked with
// Content-Encoding, which @fastify/compress leaves alone.
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** Below this many bytes compressing costs more time than it saves on the wire. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const compressPlugin: FastifyPluginAsync = async (app) => {
  await app.register(compress, {
    global: true,
    // Request bodies stay as sent: no client of ours compresses them, and an inflating step is
    // one more thing a stranger could make the server do.
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // A streamed answer (chat replies, server-sent events) must reach the client as it is written:
    // flushing after each chunk keeps zlib from holding the pieces until its buffer fills.
    brotliOptions: {
      flush: constants.BROTLI_OPERATION_FLUSH,
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
    },
    zlibOptions: { flush: constants.Z_SYNC_FLUSH },
  });
};

export const compression = fp(compressPlugin, { name: 'compress' });
