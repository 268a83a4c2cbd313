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

/**
 * How well a name matches a search, for ordering what was found (lower first): the
 * whole name, its initials or its pinyin (蒋勇, jy, jiangyong) 0; the start of one 1;
 * anywhere else 2; null for no match. So "jy" finds 蒋勇 before 金嘉怡.
 */
export function searchRank(search: string, name: string, initials = '', pinyin = '', ...more: (string | null | undefined)[]): number | null {
  const q = search.trim().toLowerCase();
  if (q === '') return 0;
  const keys = [name.toLowerCase(), initials, pinyin];
  if (keys.some((k) => k === q)) return 0;
  if (keys.some((k) => k.startsWith(q))) return 1;
  if ([...keys, ...more.map((m) => m?.toLowerCase() ?? '')].some((k) => k.includes(q))) return 2;
  return null;
}
