import { onDestroy } from 'svelte';

/** The screens on show that bring themselves up to date in place. */
const reloaders = new Set<() => void>();

/** Adds a screen's reload; the returned function takes it away again. */
export function addReloader(reload: () => void): () => void {
  reloaders.add(reload);
  return () => reloaders.delete(reload);
}

/** Called while a screen is set up: when another page (an arbiter's phone, a second
 * window) changes the event, the screen fetches its data afresh in place, and what is
 * typed in it, the round on show or an open form stay as they are. */
export function reloadOnOthersChange(reload: () => void): void {
  onDestroy(addReloader(reload));
}

/** Another page changed the event: the screens that reload themselves do so. Says
 * whether any did; a screen that does not is drawn anew. */
export function othersChanged(): boolean {
  for (const reload of reloaders) reload();
  return reloaders.size > 0;
}
