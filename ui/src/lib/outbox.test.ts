import { describe, expect, it } from 'vitest';
import { BackendError } from './backend';
import { Outbox, unreachable, type Outgoing } from './outbox';

function memory() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

const entry = (id: string, board: number): Outgoing => ({ id, round: 1, board, result: '1-0' });

describe('the outbox of a sector arbiter', () => {
  it('keeps entries while the server cannot be reached, and sends them in order later', async () => {
    const store = memory();
    const box = new Outbox(store, 'q');
    box.add(entry('a', 1));
    box.add(entry('b', 2));
    const offline = await box.flush(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(offline).toEqual([]);
    // A reload of the page finds them still there.
    expect(new Outbox(store, 'q').list().map((e) => e.board)).toEqual([1, 2]);
    const sent: number[] = [];
    const online = await box.flush(async (e) => {
      sent.push(e.board);
      return { status: 'counted' };
    });
    expect(sent).toEqual([1, 2]);
    expect(online).toHaveLength(2);
    expect(box.list()).toEqual([]);
  });

  it('stops at the first entry that does not get through, keeping the later ones', async () => {
    const box = new Outbox(memory(), 'q');
    box.add(entry('a', 1));
    box.add(entry('b', 2));
    box.add(entry('c', 3));
    let calls = 0;
    await box.flush(async () => {
      calls += 1;
      if (calls === 2) throw new BackendError({ code: 'failed', message: 'HTTP 503' });
      return {};
    });
    expect(box.list().map((e) => e.board)).toEqual([2, 3]);
  });

  it('answers a refusal and does not send it again', async () => {
    const box = new Outbox(memory(), 'q');
    box.add(entry('a', 21));
    const refusal = new BackendError({ code: 'refused', message: 'outside the sector' });
    const out = await box.flush(() => Promise.reject(refusal));
    expect(out).toEqual([{ entry: entry('a', 21), refused: refusal }]);
    expect(box.list()).toEqual([]);
  });

  it('tells a dropped network from a refusal', () => {
    expect(unreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(unreachable(new BackendError({ code: 'failed', message: 'HTTP 502' }))).toBe(true);
    expect(unreachable(new BackendError({ code: 'locked', message: 'busy' }))).toBe(true);
    expect(unreachable(new BackendError({ code: 'denied', message: 'wrong token' }))).toBe(false);
    expect(unreachable(new BackendError({ code: 'refused', message: 'no' }))).toBe(false);
  });
});
