/**
 * The text of a file an organizer attached: UTF-8 (with or without a BOM), or else
 * GB18030/GBK, which much Chinese game software still writes.
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}
