import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * The bytes of `file` when it holds at most `maxBytes`; undefined when it is larger, or cannot be
 * read. The size is checked on the open file before anything is read, and no more than
 * `maxBytes + 1` bytes are ever read, so a file that grows between the check and the read (or a
 * device that never ends) costs nothing more: a large import is not read whole to be refused.
 */
export function readFileWithin(file: string, maxBytes: number): Buffer | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    const buffer = Buffer.allocUnsafe(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return length > maxBytes ? undefined : buffer.subarray(0, length);
  } catch {
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}
