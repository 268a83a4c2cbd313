import { describe, expect, it } from 'vitest';
import { decodeText } from './text';

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
