// The public display's pages: everyone by name first (players look for themselves),
// then each group's pairings by board and each group's standings, every list cut into
// pages of as many rows as the screen holds.
// Pure, so it is tested without a browser.

import type { Message } from './messages';
import type { DisplayPairing, DisplayRow, DisplayView } from './types';

export type DisplayKind = 'board' | 'name' | 'standings';

/** One player's line in the pairings by name. */
export interface NameRow {
  name: string;
  club: string | null;
  initials: string;
  pinyin: string;
  group: string;
  board: number;
  /** Plays red; null for a bye or a table. */
  red: boolean | null;
  /** A table's seat in words (2号, 南); null for two-sided games. */
  seat: Message | null;
  /** The opponent, or at a table everyone else there. */
  opponent: string | null;
}

export interface DisplayPage {
  kind: DisplayKind;
  /** The group shown; null when the stage has one group (or for the list by name). */
  group: string | null;
  /** This page among the pages of the same list. */
  index: number;
  pages: number;
  pairings: DisplayPairing[];
  names: NameRow[];
  standings: DisplayRow[];
}

/** Everyone of the round by name (pinyin initials, then the name), with board and opponent. */
export function byName(view: DisplayView): NameRow[] {
  const rows: NameRow[] = [];
  for (const p of view.pairings) {
    if (p.seats?.length) {
      for (const s of p.seats) {
        const others = p.seats.filter((o) => o !== s).map((o) => o.player.name);
        rows.push({ ...side(s.player), group: p.group, board: p.board, red: null, seat: s.label, opponent: others.join('、') });
      }
      continue;
    }
    if (p.red) {
      rows.push({ ...side(p.red), group: p.group, board: p.board, red: p.black ? true : null, seat: null, opponent: p.black?.name ?? null });
    }
    if (p.black) {
      rows.push({ ...side(p.black), group: p.group, board: p.board, red: false, seat: null, opponent: p.red?.name ?? null });
    }
  }
  return rows.sort((a, b) => a.initials.localeCompare(b.initials) || a.name.localeCompare(b.name, 'zh-CN'));
}

function side(s: { name: string; club: string | null; initials: string; pinyin?: string }) {
  return { name: s.name, club: s.club, initials: s.initials, pinyin: s.pinyin ?? '' };
}

/** `items` in `columns` columns, filled top to bottom, left to right. */
export function inColumns<T>(items: T[], columns: number): T[][] {
  const per = Math.ceil(items.length / Math.max(1, columns)) || 1;
  return chunks(items, per);
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out.length ? out : [[]];
}

/** The pages of `view` at `rows` rows a page; on a wide screen the list by name takes
 * `nameColumns` columns of rows side by side, the boards `boardColumns`. */
export function displayPages(view: DisplayView, rows: number, nameColumns = 1, boardColumns = 1): DisplayPage[] {
  const size = Math.max(1, rows);
  const groups = [...new Set([...view.pairings.map((p) => p.group), ...view.standings.map((r) => r.group)])];
  const named = (g: string) => (groups.length > 1 ? g : null);
  const empty = { pairings: [], names: [], standings: [] };
  const pages: DisplayPage[] = [];
  const add = (kind: DisplayKind, group: string | null, parts: Partial<DisplayPage>[]) =>
    parts.forEach((part, index) => pages.push({ ...empty, kind, group, index, pages: parts.length, ...part }));
  const names = byName(view);
  if (names.length) add('name', null, chunks(names, size * Math.max(1, nameColumns)).map((names) => ({ names })));
  for (const g of groups) {
    const boards = view.pairings.filter((p) => p.group === g);
    if (boards.length) add('board', named(g), chunks(boards, size * Math.max(1, boardColumns)).map((pairings) => ({ pairings })));
  }
  for (const g of groups) {
    const standings = view.standings.filter((r) => r.group === g);
    if (standings.length) add('standings', named(g), chunks(standings, size).map((standings) => ({ standings })));
  }
  return pages;
}
