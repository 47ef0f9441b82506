/**
 * Digests of the stored pieces: every write carries the digest of the state it leaves, so a
 * client tells a consistent read from one caught between two writes.
 */
import { type CombatWrite } from "./pieces";

/**
 * Two 32-bit FNV-1a hashes (two offset bases) of one stored piece: its field, its key and its
 * text. A state's digest is the xor of its pieces' hashes, so a write changes it by what it
 * changed (writeDigest) and a reader keeps it as texts change (PieceCache): no read or write hashes
 * more than the pieces it touches.
 */
export function pieceHash(field: string, key: string, text: string): [number, number] {
  let high = 0x811c9dc5;
  let low = 0x050c5d1f;
  const step = (code: number) => {
    high = Math.imul(high ^ code, 0x01000193);
    low = Math.imul(low ^ code, 0x01000193);
  };
  for (let i = 0; i < field.length; i += 1) step(field.charCodeAt(i));
  step(0);
  for (let i = 0; i < key.length; i += 1) step(key.charCodeAt(i));
  step(0);
  for (let i = 0; i < text.length; i += 1) step(text.charCodeAt(i));
  return [high >>> 0, low >>> 0];
}

export function digestText(high: number, low: number): string {
  return high.toString(16).padStart(8, "0") + low.toString(16).padStart(8, "0");
}

/**
 * A write named by its writer: `last` names the writer, the `seq` it was decided from and the
 * write's id; each new log entry names the write (`<index of its first entry>.<id>`).
 */
export function stampWrite(write: CombatWrite, writer: string | null, from: number, id: string): CombatWrite {
  const { log, logFrom, base, last } = write.system;
  const tag = `${base + logFrom}.${id}`;
  return {
    ...write,
    system: {
      ...write.system,
      log: [...log.slice(0, logFrom), ...log.slice(logFrom).map((e) => ({ ...e, write: tag }))],
      last: { ...last, writer, from, write: id },
    },
  };
}
