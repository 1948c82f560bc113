// Reads a SQLite write-ahead log before SQLite opens it. SQLite silently ignores a WAL whose header
// is damaged and silently stops at the first damaged frame, dropping every later commit; after a
// crash that is most of the recent data (or the whole workspace). This check finds both, so the
// service can refuse to start instead of starting on a silently older (or empty) store.
// Format: https://www.sqlite.org/fileformat.html#the_write_ahead_log
import { closeSync, openSync, readSync, statSync } from 'node:fs';

const MAGIC_LITTLE = 0x377f0682;
const MAGIC_BIG = 0x377f0683;
const HEADER = 32;
const FRAME_HEADER = 24;

export type WalVerdict = { ok: true; frames: number } | { ok: false; problem: string };

/** The verdict on `path` (a missing or empty file is fine: nothing to recover). */
export function checkWal(path: string): WalVerdict {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return { ok: true, frames: 0 };
  }
  if (size === 0) return { ok: true, frames: 0 };
  const bytes = readAll(path, size);
  return checkWalBytes(bytes);
}

export function checkWalBytes(bytes: Buffer): WalVerdict {
  if (bytes.length < HEADER) return { ok: false, problem: `its header is cut short (${bytes.length} of ${HEADER} bytes)` };
  const magic = bytes.readUInt32BE(0);
  if (magic !== MAGIC_LITTLE && magic !== MAGIC_BIG) return { ok: false, problem: 'its header does not start with the write-ahead log signature' };
  const bigEndian = magic === MAGIC_BIG;
  const pageSize = bytes.readUInt32BE(8);
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return { ok: false, problem: `its header names an impossible page size (${pageSize})` };
  let sum = checksum(bytes, 0, 24, bigEndian, [0, 0]);
  if (sum[0] !== bytes.readUInt32BE(24) || sum[1] !== bytes.readUInt32BE(28)) return { ok: false, problem: 'its header checksum does not match' };
  const salt1 = bytes.readUInt32BE(16);
  const salt2 = bytes.readUInt32BE(20);
  const frameSize = FRAME_HEADER + pageSize;
  const frameCount = Math.floor((bytes.length - HEADER) / frameSize);
  const sameRun = (at: number) => bytes.readUInt32BE(at + 8) === salt1 && bytes.readUInt32BE(at + 12) === salt2;
  for (let i = 0; i < frameCount; i++) {
    const at = HEADER + i * frameSize;
    sum = checksum(bytes, at, 8, bigEndian, sum);
    sum = checksum(bytes, at + FRAME_HEADER, pageSize, bigEndian, sum);
    if (sameRun(at) && sum[0] === bytes.readUInt32BE(at + 16) && sum[1] === bytes.readUInt32BE(at + 20)) continue;
    // A crash may tear the one transaction being written (its commit was never acknowledged), so
    // one commit past the break is normal. More mean committed, acknowledged work would be dropped.
    let commitsAfter = 0;
    for (let j = i; j < frameCount; j++) {
      const later = HEADER + j * frameSize;
      if (sameRun(later) && bytes.readUInt32BE(later + 4) !== 0) commitsAfter++;
    }
    if (commitsAfter > 1) {
      return { ok: false, problem: `frame ${i + 1} of ${frameCount} is damaged and ${commitsAfter} committed changes after it would be lost` };
    }
    return { ok: true, frames: i };
  }
  return { ok: true, frames: frameCount };
}

/** SQLite's WAL checksum: pairs of 32-bit words, in the byte order the magic names. */
function checksum(bytes: Buffer, start: number, length: number, bigEndian: boolean, seed: [number, number]): [number, number] {
  let s0 = seed[0];
  let s1 = seed[1];
  for (let i = start; i < start + length; i += 8) {
    const x0 = bigEndian ? bytes.readUInt32BE(i) : bytes.readUInt32LE(i);
    const x1 = bigEndian ? bytes.readUInt32BE(i + 4) : bytes.readUInt32LE(i + 4);
    s0 = (s0 + x0 + s1) >>> 0;
    s1 = (s1 + x1 + s0) >>> 0;
  }
  return [s0, s1];
}

function readAll(path: string, size: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const out = Buffer.alloc(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, out, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return out.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}
