import type { FileHandle } from 'node:fs/promises';

const chunkBytes = 1 << 20;

/**
 * Reads an open file whole, at most `maxBytes` (a file that grew past it since it was measured is refused).
 * @param handle - the open file
 * @param maxBytes - the most bytes read
 * @param subject - the file as the model knows it, for the error
 * @returns its bytes
 */
export async function readBytes(handle: FileHandle, maxBytes: number, subject: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buffer = Buffer.allocUnsafe(Math.min(chunkBytes, maxBytes + 1 - total));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, total);
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    total += bytesRead;
    if (total > maxBytes) throw new Error(`${subject} has more than the ${maxBytes} bytes these tools read (option maxFileBytes).`);
  }
  return Buffer.concat(chunks, total);
}

/**
 * Replaces an open file's content with these bytes (truncated, then written from its start).
 * @param handle - the file, open to write
 * @param bytes - the new content
 */
export async function replaceBytes(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  await handle.truncate(0);
  for (let at = 0; at < bytes.length;) {
    const { bytesWritten } = await handle.write(bytes, at, bytes.length - at, at);
    at += bytesWritten;
  }
}
