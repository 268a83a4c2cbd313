// A sector arbiter's results on their way to the server. Each tap is kept (in the
// phone's storage, so a reload keeps it too) until the server has answered: a dropped
// Wi-Fi only delays it, and the entries go out in the order they were made.

import { BackendError } from './backend';

export interface Outgoing {
  /** Unique per entry, so that a retry after a lost answer is recognised. */
  id: string;
  round: number;
  board: number;
  /** The board of a team match; absent for individual games. */
  game?: number;
  result: string;
}

export type Delivered =
  | { entry: Outgoing; answer: unknown }
  | { entry: Outgoing; refused: BackendError };

interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The server could not be reached (or could not answer now): try again later. */
export function unreachable(e: unknown): boolean {
  if (!(e instanceof BackendError)) return true;
  return e.code === 'locked' || (e.code === 'failed' && /^HTTP (0|5\d\d)/.test(e.message));
}

export class Outbox {
  constructor(
    private store: KeyValue | null,
    private key: string,
  ) {}

  list(): Outgoing[] {
    try {
      const raw = this.store?.getItem(this.key);
      return raw ? (JSON.parse(raw) as Outgoing[]) : [];
    } catch {
      return [];
    }
  }

  private save(entries: Outgoing[]) {
    try {
      this.store?.setItem(this.key, JSON.stringify(entries));
    } catch {
      // Storage full or off: the entries live as long as the page.
    }
  }

  add(entry: Outgoing) {
    this.save([...this.list(), entry]);
  }

  /**
   * Sends what waits, oldest first, until one cannot get through; that one and those
   * after it stay for the next try. A refusal (outside the sector, a board without a
   * game) is answered and leaves the box: sending it again would not change it.
   */
  async flush(send: (entry: Outgoing) => Promise<unknown>): Promise<Delivered[]> {
    const delivered: Delivered[] = [];
    for (const entry of this.list()) {
      try {
        delivered.push({ entry, answer: await send(entry) });
      } catch (e) {
        if (unreachable(e)) break;
        delivered.push({ entry, refused: e as BackendError });
      }
      this.save(this.list().filter((x) => x.id !== entry.id));
    }
    return delivered;
  }
}
