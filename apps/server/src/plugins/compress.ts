// Compressed answers for what is built at request time: JSON above 1,400 bytes (a bill history, the API
// document) goes out as brotli or gzip, whichever the client prefers. The portal's files are not
// compressed here: the build writes their .br/.gz copies and static.ts sends those, marked with
// Content-Encoding, which @fastify/compress leaves alone.
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Below this many bytes compressing costs more time than it saves on the wire: an answer this small
 * goes in one TCP segment (1,460 bytes of payload on a 1,500-byte MTU, less the headers' share)
 * either way. Answers up to 8 KiB are compressed synchronously on the event loop (the plugin's sync
 * threshold on 2 cores): brotli quality 4 took 40–110 µs for the 1.3–4.5 KiB billing answers
 * (measured 2026-11-26), a quarter of such a call's own server time.
 */
export const COMPRESS_THRESHOLD_BYTES = 1400;

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
