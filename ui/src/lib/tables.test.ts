import { describe, expect, it } from 'vitest';
import { translate } from './i18n';
import { seatLabel, tableWords } from './tables';

const zh = (key: string, params?: Record<string, unknown>) => translate('zh', key, params);
const en = (key: string, params?: Record<string, unknown>) => translate('en', key, params);

describe('tables in words', () => {
  it('names seats by number at checkers and by side at Junqi', () => {
    expect(seatLabel(2, zh)).toBe('2号');
    expect(seatLabel('west', zh)).toBe('西');
    expect(seatLabel('south', en)).toBe('south');
  });

  it('says each result of the vocabulary', () => {
    expect(tableWords('win:3', zh, true)).toBe('3号胜');
    expect(tableWords('order:3,1,2', zh, true)).toBe('名次 3、1、2');
    expect(tableWords('order:3,1,2', en, false)).toBe('order 3, 1, 2');
    expect(tableWords('south-north', zh, true)).toBe('南北方胜');
    expect(tableWords('escape:west:partner-out', zh, true)).toBe('西方逃跑（同伴已出局）');
    expect(tableWords('none', en, false)).toBe('no result');
    expect(tableWords('1-0', zh, true)).toBe('1-0');
  });
});
