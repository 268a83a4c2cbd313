import { describe, expect, it } from 'vitest';
import { decodeText, searchRank } from './text';

const hex = (h: string) => Uint8Array.from(h.match(/../g)!.map((b) => parseInt(b, 16)));

describe('record files', () => {
  it('reads GBK as written by Chinese Xiangqi software', () => {
    // "炮二平五 马8进7" in GBK.
    expect(decodeText(hex('c5dab6fec6bdcee520c2ed38bdf837'))).toBe('炮二平五 马8进7');
  });

  it('reads UTF-8, dropping a byte-order mark', () => {
    const bytes = new TextEncoder().encode('\ufeff炮二平五');
    expect(decodeText(bytes)).toBe('炮二平五');
  });
});

describe('the search by name', () => {
  // 金嘉怡 jjy jinjiayi, 蒋勇 jy jiangyong.
  const jin = ['金嘉怡', 'jjy', 'jinjiayi'] as const;
  const jiang = ['蒋勇', 'jy', 'jiangyong'] as const;

  it('ranks whole initials and whole pinyin before matches inside', () => {
    expect(searchRank('jy', ...jiang)).toBe(0);
    expect(searchRank('jy', ...jin)).toBe(2);
    expect(searchRank('jiangyong', ...jiang)).toBe(0);
    expect(searchRank('jiang', ...jiang)).toBe(1);
    expect(searchRank('jiangyong', ...jin)).toBeNull();
    expect(searchRank('蒋', ...jiang)).toBe(1);
  });

  it('also finds the club, anywhere', () => {
    expect(searchRank('杭州', '蒋勇', 'jy', 'jiangyong', '杭州棋院')).toBe(2);
  });
});
