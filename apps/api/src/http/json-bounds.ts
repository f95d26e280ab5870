/**
 * Bounds on a JSON body's shape, checked on its text before it is parsed (and whole numbers
 * with more digits than a double keeps, which only the text shows). JSON.parse and the
 * contract's validation take time in proportion to the number of keys and nesting, and a body
 * within the size limit could hold the event loop in validation alone
 * (docs/decisions/0005-limits-enforced-while-reading.md), so a body past these is refused
 * first, in one pass over its characters.
 *
 * No legitimate body comes near them: the largest is a booking whose metadata is at most
 * 16 KiB (a few thousand keys at most). The depth bound is far above the 32 levels metadata
 * may nest, so a deeper metadata still gets that rule's own message; the bound only stops the
 * pathological (a million brackets).
 */
export const MAX_BODY_DEPTH = 10_000;
/** Keys of any one object: validating an object's keys (zod's records and strict objects) is the cost. */
export const MAX_OBJECT_KEYS = 4_096;
/** Separators (commas): array items and object members together. */
export const MAX_BODY_ITEMS = 20_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const MINUS = 0x2d;
/** A JSON number's characters: digits, sign, point and exponent. */
const NUMBER_CHAR = /[0-9eE.+-]/;

function numberEnd(text: string, start: number): number {
  let end = start + 1;
  while (end < text.length && NUMBER_CHAR.test(text[end]!)) end++;
  return end;
}

/**
 * A whole number written with more digits than a double keeps (12345678901234567890 is read as
 * 12345678901234567168): it would not come back as it was sent (metadata is returned
 * unchanged), so it is refused. Only plain integers are judged; 1e21 and decimals are read as
 * the nearest double, as JSON numbers are.
 */
function digitsLost(token: string): string | undefined {
  if (token.length < 17 || !/^-?\d+$/.test(token)) return undefined;
  const read = Number(token);
  // Kept when the double is the number written, or writes back as the same text (JSON.stringify(2 ** 60)).
  if (Number.isFinite(read) && (BigInt(token) === BigInt(read) || String(read) === token)) return undefined;
  const shown = token.length > 40 ? `${token.slice(0, 37)}...` : token;
  return `body: the number ${shown} has more digits than a JSON number keeps; send it as a string.`;
}

/**
 * Why the JSON text is past the bounds, or undefined when it is within them. Only structure
 * outside strings counts; the text need not be valid JSON (JSON.parse judges that after).
 */
export function jsonBoundsExceeded(text: string): string | undefined {
  let depth = 0;
  let items = 0;
  // Keys so far of the object (or array: never counted) open at each depth.
  const keys: number[] = [0];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if ((c >= DIGIT_0 && c <= DIGIT_9) || c === MINUS) {
      const end = numberEnd(text, i);
      const lost = digitsLost(text.slice(i, end));
      if (lost) return lost;
      i = end - 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > MAX_BODY_DEPTH) return `body: nests deeper than ${MAX_BODY_DEPTH} levels.`;
      keys[depth] = 0;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth = Math.max(0, depth - 1);
    else if (c === COLON) {
      if (++keys[depth]! > MAX_OBJECT_KEYS) return `body: an object has more than ${MAX_OBJECT_KEYS} keys.`;
    } else if (c === COMMA && ++items > MAX_BODY_ITEMS) {
      return `body: has more than ${MAX_BODY_ITEMS} array items and object members.`;
    }
  }
  return undefined;
}
