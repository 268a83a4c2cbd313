// One line at the bottom of the window: what just happened, or what went wrong.

import { writable } from 'svelte/store';
import { BackendError } from './backend';

export interface Notice {
  kind: 'ok' | 'error';
  text: string;
}

export const notice = writable<Notice | null>(null);

export function say(text: string) {
  notice.set({ kind: 'ok', text });
}

export function fail(e: unknown) {
  const text = e instanceof BackendError || e instanceof Error ? e.message : String(e);
  notice.set({ kind: 'error', text });
}
