/** The hash of a resolved program definition, recorded on every job evaluated under it. */

import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** sha256 (hex, first 16 characters) of the canonical JSON of a value: key order and formatting do not change it. */
export function hashDefinition(value: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(canonical(value)))).slice(0, 16);
}
