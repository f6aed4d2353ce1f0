/**
 * Byte counting shared by the bench and the size gates. One convention everywhere, the same one
 * DESIGN.md's peer figures were taken with: gzip at level 9, brotli at quality 11, and
 * 1 KB = 1,000 bytes (so "184.1 KB" means 184,146 bytes gzip).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Bytes per KB in every figure the bench prints and every budget it checks. */
export const KB = 1000;

/** Raw, gzip and brotli byte counts of one payload. */
export interface Sizes {
  /** Uncompressed bytes. */
  raw: number;
  /** gzip -9 bytes. */
  gzip: number;
  /** brotli quality 11 bytes. */
  brotli: number;
}

/** A zero `Sizes`, the start of a sum. */
export const ZERO_SIZES: Sizes = Object.freeze({ raw: 0, gzip: 0, brotli: 0 });

/** gzip -9 size of `data` in bytes. */
export function gzipBytes(data: string | Uint8Array): number {
  return gzipSync(data, { level: 9 }).byteLength;
}

/** Brotli (quality 11, text mode) size of `data` in bytes. */
export function brotliBytes(data: string | Uint8Array): number {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  }).byteLength;
}

/** Raw, gzip and brotli sizes of one payload (each file is compressed on its own, as served). */
export function sizesOf(data: string | Uint8Array): Sizes {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return { raw: bytes.byteLength, gzip: gzipBytes(bytes), brotli: brotliBytes(bytes) };
}

/** Field-wise sum of several `Sizes`. */
export function addSizes(...all: Sizes[]): Sizes {
  return all.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), ZERO_SIZES);
}

/** Bytes as KB with one decimal, e.g. `formatKB(184146)` → `'184.1 KB'`. */
export function formatKB(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}
