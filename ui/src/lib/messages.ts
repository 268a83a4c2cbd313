// The one message catalogue (crates/messages/catalogue), shared with the command line:
// the backend says what went wrong as a code and its parameters, and the UI words it
// here in the organizer's language, exactly as the Rust renderer does.

import zh from '../../../crates/messages/catalogue/zh-CN.json';
import en from '../../../crates/messages/catalogue/en.json';
import type { Lang } from './i18n';

export interface Message {
  code: string;
  params: Record<string, Param>;
}

/** A number or text as it is; a list; words in both languages; a message inside. */
export type Param = number | string | string[] | { zh: string; en: string } | Message | Message[];

const catalogue: Record<Lang, Record<string, string>> = { zh, en };

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && 'code' in value && 'params' in value;
}

function param(value: Param, lang: Lang): string {
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  if (Array.isArray(value)) {
    if (value.every(isMessage)) {
      return (value as Message[]).map((m) => `\n  ${render(m, lang)}`).join('');
    }
    return (value as string[]).join(lang === 'zh' ? '、' : ', ');
  }
  if (isMessage(value)) return render(value, lang);
  return lang === 'zh' ? value.zh : value.en;
}

/** `message` in `lang`: its template with every `{name}` filled; the code when unknown. */
export function render(message: Message, lang: Lang): string {
  const template = catalogue[lang][message.code] ?? catalogue.zh[message.code];
  if (template === undefined) return message.code;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in message.params ? param(message.params[name], lang) : whole,
  );
}

/** A parameter alone (the field of an import error). */
export function renderParam(value: Param, lang: Lang): string {
  return param(value, lang);
}
