import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dictionaries, translate } from './i18n';

const src = fileURLToPath(new URL('..', import.meta.url));
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : [join(dir, d.name)],
  );
}
const components = files(src).filter((f) => f.endsWith('.svelte'));

describe('resource files', () => {
  it('Chinese and English have the same keys', () => {
    expect(Object.keys(dictionaries.en).sort()).toEqual(Object.keys(dictionaries.zh).sort());
  });

  it('every key a component asks for exists', () => {
    const used = new Set<string>();
    for (const f of [...components, ...files(src).filter((f) => f.endsWith('.ts'))]) {
      for (const m of readFileSync(f, 'utf8').matchAll(/\$t\('([\w.]+)'/g)) used.add(m[1]);
    }
    for (const prefix of ['nav.', 'output.doc.', 'entry.']) {
      expect(Object.keys(dictionaries.zh).some((k) => k.startsWith(prefix))).toBe(true);
    }
    // Keys built from the event's game.
    for (const game of ['xiangqi', 'checkers', 'junqi']) used.add(`rounds.pasteRecord.${game}`);
    const missing = [...used].filter((k) => !(k in dictionaries.zh));
    expect(missing).toEqual([]);
  });

  it('no Chinese is written into a component: it all comes from the resource files', () => {
    for (const f of components) {
      const markup = readFileSync(f, 'utf8').replace(/<script[\s\S]*?<\/script>/g, '');
      expect(markup, f).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('fills placeholders and falls back to the key', () => {
    expect(translate('zh', 'rounds.round', { round: 3 })).toBe('第 3 轮');
    expect(translate('en', 'rounds.round', { round: 3 })).toBe('Round 3');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });
});
