import { randomFillSync } from 'node:crypto';

/** How many ids one fill of the random pool serves. */
const idsPerFill = 128;
const random = Buffer.alloc(16 * idsPerFill);
let used = idsPerFill;
/** The id being written, in ASCII: `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`. */
const text = Buffer.alloc(36);
const hex = Buffer.from('0123456789abcdef', 'latin1');
/** Where the 16 bytes' hex digits go in {@link text} (the dashes stay). */
const positions = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
text.fill('-'.charCodeAt(0));

/**
 * A new run's id: a random (version 4) UUID, as `crypto.randomUUID()` gives, written into one buffer
 * and read as one string (`randomUUID` joins sixteen pieces, a few hundred bytes of garbage per run).
 * The randomness is drawn from the system's CSPRNG, 128 ids at a time.
 * @returns e.g. `'0f8a2c1e-7b3d-4e5f-9a1b-2c3d4e5f6a7b'`
 * @internal
 */
export function newRunId(): string {
  if (used === idsPerFill) {
    randomFillSync(random);
    used = 0;
  }
  const offset = 16 * used++;
  for (let index = 0; index < 16; index++) {
    let byte = random[offset + index]!;
    // RFC 4122: version 4 in byte 6, the variant (10xx) in byte 8.
    if (index === 6) byte = (byte & 0x0f) | 0x40;
    else if (index === 8) byte = (byte & 0x3f) | 0x80;
    const at = positions[index]!;
    text[at] = hex[byte >> 4]!;
    text[at + 1] = hex[byte & 0x0f]!;
  }
  return text.toString('latin1', 0, 36);
}
