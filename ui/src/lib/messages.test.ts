import { describe, expect, it } from 'vitest';
import { render } from './messages';
import { BackendError } from './backend';
import { describe as describeError } from './notice';

describe('the message catalogue', () => {
  it('words a refusal from its code and parameters, as the command line does', () => {
    const m = { code: 'round.open', params: { round: 3, boards: ['2', '5'] } };
    expect(render(m, 'zh')).toBe('第 3 轮尚未全部结束：第 2、5 台还没有成绩');
    expect(render(m, 'en')).toBe('round 3 is not complete: no result yet on board(s) 2, 5');
  });

  it('words parts in both languages and messages inside messages', () => {
    const m = {
      code: 'import.row',
      params: {
        line: 4,
        column: 1,
        field: { zh: '姓名', en: 'name' },
        why: { code: 'entrant.name_empty', params: {} },
      },
    };
    expect(render(m, 'zh')).toBe('第 4 行第 1 列（姓名）：姓名不能为空');
    expect(render(m, 'en')).toBe('line 4, column 1 (name): the name is empty');
  });

  it('shows the reason of a backend error in the organizer\u2019s language, not its English', () => {
    const e = new BackendError({
      code: 'refused',
      message: 'there is no stage 4',
      reason: { code: 'stage.none', params: { stage: 4 } },
    });
    expect(describeError(e)).toBe('没有第 4 阶段');
  });
});
