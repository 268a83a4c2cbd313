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

/** Whether a row's fields (names, clubs) hold what was typed in a search box: every
 * row when nothing was typed; letters in either case. */
export function matchesSearch(search: string, ...fields: (string | null | undefined)[]): boolean {
  const q = search.trim().toLowerCase();
  return q === '' || fields.some((f) => f?.toLowerCase().includes(q));
}
