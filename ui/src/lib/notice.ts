// One line at the bottom of the window: what just happened, or what went wrong.

import { get, writable } from 'svelte/store';
import { BackendError } from './backend';
import { lang, translate } from './i18n';
import { render } from './messages';

/** Faults of the event file, worded by the UI from their code and the file's path. */
const FILE_FAULTS = ['read_only', 'locked', 'disk_full', 'not_writable'];

export interface Notice {
  kind: 'ok' | 'error';
  text: string;
}

export const notice = writable<Notice | null>(null);

/** How long a report of what was done stays on screen; errors stay until the next step. */
const FADE_MS = 5000;
let fading: ReturnType<typeof setTimeout> | undefined;

export function say(text: string) {
  const shown = { kind: 'ok' as const, text };
  notice.set(shown);
  clearTimeout(fading);
  fading = setTimeout(() => notice.update((n) => (n === shown ? null : n)), FADE_MS);
}

/** A new screen starts without the last one's message. */
export function clearNotice() {
  clearTimeout(fading);
  notice.set(null);
}

/** What went wrong, in the organizer's language where the error's code says enough. */
export function describe(e: unknown): string {
  if (e instanceof BackendError && FILE_FAULTS.includes(e.code)) {
    const path = e.details?.path ?? '';
    return translate(get(lang), `errors.${e.code}`, { path });
  }
  if (e instanceof BackendError && e.reason) return render(e.reason, get(lang));
  return e instanceof BackendError || e instanceof Error ? e.message : String(e);
}

export function fail(e: unknown) {
  clearTimeout(fading);
  notice.set({ kind: 'error', text: describe(e) });
}
