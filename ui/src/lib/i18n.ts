// Every string an organizer reads comes from the resource files in ../locales;
// Chinese (zh-CN) by default, English on request.

import { derived, writable } from 'svelte/store';
import zh from '../locales/zh-CN.json';
import en from '../locales/en.json';

export type Lang = 'zh' | 'en';
export type Dictionary = Record<string, string>;

export const dictionaries: Record<Lang, Dictionary> = { zh, en };

/** `key` in `lang`, with `{name}` placeholders filled; the key itself when missing. */
export function translate(lang: Lang, key: string, params: Record<string, unknown> = {}): string {
  const text = dictionaries[lang][key] ?? dictionaries.zh[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params ? String(params[name]) : whole,
  );
}

function initialLang(): Lang {
  try {
    return localStorage.getItem('qisai.lang') === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}

export const lang = writable<Lang>(initialLang());

lang.subscribe((l) => {
  try {
    localStorage.setItem('qisai.lang', l);
    document.documentElement.lang = l === 'zh' ? 'zh-CN' : 'en';
  } catch {
    // Not in a browser (unit tests).
  }
});

export const t = derived(
  lang,
  (l) =>
    (key: string, params?: Record<string, unknown>): string =>
      translate(l, key, params),
);
