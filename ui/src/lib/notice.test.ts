import { describe as suite, expect, it } from 'vitest';
import { BackendError } from './backend';
import { lang } from './i18n';
import { describe } from './notice';

suite('file faults', () => {
  it('are worded in the organizer’s language, naming the file', () => {
    const readOnly = new BackendError({
      code: 'read_only',
      message: 'x.qisai: the file is read-only',
      details: { path: '/media/cd/春季赛.qisai' },
    });
    lang.set('zh');
    expect(describe(readOnly)).toContain('/media/cd/春季赛.qisai 是只读的');
    lang.set('en');
    expect(describe(readOnly)).toContain('/media/cd/春季赛.qisai is read-only');
    const locked = new BackendError({ code: 'locked', message: 'locked', details: { path: 'a.qisai' } });
    lang.set('zh');
    expect(describe(locked)).toContain('另一个程序正打开 a.qisai');
  });

  it('leave other errors as the backend said them', () => {
    expect(describe(new BackendError({ code: 'refused', message: 'no stage yet' }))).toBe('no stage yet');
  });
});
