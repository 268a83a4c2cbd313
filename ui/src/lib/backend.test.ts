import { describe, expect, it } from 'vitest';
import { BackendError, HttpBackend, TauriBackend, chooseCompetition, encode } from './backend';

function fakeFetch(status: number, body: unknown, seen: { url?: string; init?: RequestInit }) {
  return async (url: string, init: RequestInit) => {
    seen.url = url;
    seen.init = init;
    return new Response(JSON.stringify(body), { status });
  };
}

describe('HTTP backend', () => {
  it('POSTs the operation as JSON with the token and returns the answer', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const b = new HttpBackend('http://host', fakeFetch(200, { open: true }, seen), 'secret');
    expect(await b.call('event.info')).toEqual({ open: true });
    expect(seen.url).toBe('http://host/api/event.info');
    const headers = seen.init!.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['X-Qisai-Token']).toBe('secret');
  });

  it('turns an error answer into a BackendError with its code and details', async () => {
    const details = { record: '1-0 (checkmate, 41 plies)', record_zh: '1-0（将死，41 着）', typed: '0-1' };
    const b = new HttpBackend(
      '',
      fakeFetch(422, { error: { code: 'disagreement', message: 'the record says 1-0', details } }, {}),
    );
    const error = await b.call<never>('results.record').catch((e) => e as BackendError);
    expect(error).toBeInstanceOf(BackendError);
    expect(error.code).toBe('disagreement');
    expect(error.message).toBe('the record says 1-0');
    expect(error.details).toEqual(details);
  });
});

describe('Tauri backend', () => {
  it('sends every operation through the one call command', async () => {
    const calls: unknown[] = [];
    const b = new TauriBackend(async (command, args) => {
      calls.push([command, args]);
      return 42 as never;
    });
    expect(await b.call('standings', { stage: 1 })).toBe(42);
    expect(calls).toEqual([['call', { operation: 'standings', args: { stage: 1 } }]]);
  });

  it('keeps the code of a refused command', async () => {
    const b = new TauriBackend(async () => {
      throw { code: 'refused', message: 'no' };
    });
    const error = await b.call<never>('undo').catch((e) => e as BackendError);
    expect(error.code).toBe('refused');
  });
});

describe('an event of several competitions', () => {
  it('names the chosen competition beside every call, unless the call names its own', async () => {
    const calls: unknown[] = [];
    const b = new TauriBackend(async (command, args) => {
      calls.push(args);
      return null as never;
    });
    const seen: { url?: string; init?: RequestInit } = {};
    const http = new HttpBackend('', fakeFetch(200, {}, seen));
    chooseCompetition('象棋女子组');
    try {
      await b.call('entrants.list');
      await b.call('entrants.list', { competition: '跳棋' });
      await http.call('standings', { stage: 1 });
      expect(JSON.parse(String(seen.init!.body))).toEqual({ competition: '象棋女子组', stage: 1 });
    } finally {
      chooseCompetition(null);
    }
    await b.call('entrants.list');
    expect(calls).toEqual([
      { operation: 'entrants.list', args: { competition: '象棋女子组' } },
      { operation: 'entrants.list', args: { competition: '跳棋' } },
      { operation: 'entrants.list', args: {} },
    ]);
  });
});

it('base64 of bytes round-trips through atob', () => {
  const bytes = new Uint8Array([0, 255, 37, 80, 68, 70]);
  expect(Uint8Array.from(atob(encode(bytes)), (c) => c.charCodeAt(0))).toEqual(bytes);
});
