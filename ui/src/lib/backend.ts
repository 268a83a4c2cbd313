// The one door from the UI to Qisai: Tauri `invoke` in the desktop app, HTTP against
// `qisai serve` in a browser. Both run the same operations of the `api` crate.

import type { Message } from './messages';

export interface ApiError {
  code: string;
  /** What went wrong, for the UI to word from the catalogue. */
  reason?: Message;
  /** The same in English, for developers. */
  message: string;
  /** For `disagreement`: the record's verdict (English and Chinese) and the typed result;
   * for `read_only`, `locked` and `disk_full`: the event file's path. */
  details?: { record?: string; record_zh?: string; typed?: string; path?: string };
}

export class BackendError extends Error {
  code: string;
  details?: ApiError['details'];
  reason?: Message;
  constructor(error: ApiError) {
    super(error.message);
    this.code = error.code;
    this.details = error.details;
    this.reason = error.reason;
  }
}

/** A file produced by an operation (PDF, CSV), base64-encoded. */
export interface FilePayload {
  file_name: string;
  base64: string;
}

export interface Backend {
  readonly kind: 'tauri' | 'http';
  call<T = unknown>(operation: string, args?: Record<string, unknown>): Promise<T>;
  /** Hands a produced file to the user: a save dialog in the app, a download in a browser. */
  deliver(file: FilePayload, mime: string): Promise<string | null>;
  /** Prints a PDF as it is (vector, the document's own page size): the system's print
   * dialog in the app, the browser's own PDF printing in a browser; false when the
   * user cancels. */
  printPdf(file: FilePayload): Promise<boolean>;
  /** Asks where to create a new event; null when the user cancels (the app only). */
  choosePathForNew?(suggested: string): Promise<string | null>;
  /** Asks which event file to open; null when the user cancels (the app only). */
  chooseEventFile?(): Promise<string | null>;
  /** Event files opened before, newest first. */
  recentFiles(): Promise<string[]>;
  /** Calls `changed` after every change another page makes (`qisai serve`'s event
   * stream); returns how to stop listening. */
  subscribe?(changed: (operation: string) => void): () => void;
}

/** In an event of several competitions, the one every call acts on (named beside its
 * arguments); null for an event of one. */
let competition: string | null = null;

export function chooseCompetition(name: string | null): void {
  competition = name;
}

export function chosenCompetition(): string | null {
  return competition;
}

/** A call's arguments with the competition chosen, unless the call names its own. */
export function withCompetition(args: Record<string, unknown>): Record<string, unknown> {
  return competition === null ? args : { competition, ...args };
}

/** This page among the server's clients: its own changes are not news to it. */
function newClientId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function decodeBase64(base64: string): Uint8Array {
  return decode(base64);
}

function decode(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function encode(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export class HttpBackend implements Backend {
  readonly kind = 'http';
  private token: string | null;
  readonly client = newClientId();
  constructor(
    private base = '',
    private fetcher: Fetch = (i, init) => fetch(i, init),
    token: string | null = null,
  ) {
    this.token = token;
  }

  async call<T>(operation: string, args: Record<string, unknown> = {}): Promise<T> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Qisai-Client': this.client };
    if (this.token) headers['X-Qisai-Token'] = this.token;
    const response = await this.fetcher(`${this.base}/api/${operation}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(withCompetition(args)),
    });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      throw new BackendError(body?.error ?? { code: 'failed', message: `HTTP ${response.status}` });
    }
    return body as T;
  }

  async deliver(file: FilePayload, mime: string): Promise<string | null> {
    const blob = new Blob([decode(file.base64) as BlobPart], { type: mime });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.file_name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return file.file_name;
  }

  async printPdf(file: FilePayload): Promise<boolean> {
    // The PDF in a frame of its own, printed by the browser's PDF viewer: the document
    // itself goes to the printer, not a picture of it.
    const url = URL.createObjectURL(new Blob([decode(file.base64) as BlobPart], { type: 'application/pdf' }));
    document.querySelectorAll('iframe.print-frame').forEach((f) => f.remove());
    const frame = document.createElement('iframe');
    frame.className = 'print-frame';
    frame.title = file.file_name;
    frame.dataset.testid = 'print-frame';
    frame.src = url;
    // A browser without a PDF viewer may never say the frame loaded.
    const loaded = new Promise((done) => {
      frame.onload = done;
      setTimeout(done, 5000);
    });
    document.body.appendChild(frame);
    await loaded;
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return true;
  }

  async recentFiles(): Promise<string[]> {
    return [];
  }

  subscribe(changed: (operation: string) => void): () => void {
    if (typeof EventSource === 'undefined') return () => {};
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const open = () => {
      source = new EventSource(`${this.base}/events`);
      source.onmessage = (message) => {
        try {
          const change = JSON.parse(message.data) as { operation: string; client?: string | null };
          if (change.client !== this.client) changed(change.operation);
        } catch {
          // Not a change: nothing to refresh.
        }
      };
      // A full server (503) closes the stream for good: come back in a while, spread
      // out so that a hall of phones does not return at once; then catch up.
      source.onerror = () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(() => {
          if (stopped) return;
          open();
          changed('reconnected');
        }, 10_000 + Math.random() * 10_000);
      };
    };
    open();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      source?.close();
    };
  }
}

type Invoke = <T>(command: string, args?: Record<string, unknown>) => Promise<T>;

export class TauriBackend implements Backend {
  readonly kind = 'tauri';
  constructor(private invoke: Invoke) {}

  private async run<T>(command: string, args: Record<string, unknown>): Promise<T> {
    try {
      return await this.invoke<T>(command, args);
    } catch (e) {
      const error = e as ApiError;
      throw new BackendError(
        typeof error === 'object' && error && 'code' in error
          ? error
          : { code: 'failed', message: String(e) },
      );
    }
  }

  call<T>(operation: string, args: Record<string, unknown> = {}): Promise<T> {
    return this.run<T>('call', { operation, args: withCompetition(args) });
  }

  deliver(file: FilePayload): Promise<string | null> {
    return this.run<string | null>('save_file', { fileName: file.file_name, base64: file.base64 });
  }

  printPdf(file: FilePayload): Promise<boolean> {
    return this.run<boolean>('print_pdf', { fileName: file.file_name, base64: file.base64 });
  }

  choosePathForNew(suggested: string): Promise<string | null> {
    return this.run<string | null>('choose_new_event_path', { suggested });
  }

  chooseEventFile(): Promise<string | null> {
    return this.run<string | null>('choose_event_file', {});
  }

  recentFiles(): Promise<string[]> {
    return this.run<string[]>('recent_files', {});
  }
}

/** The app's backend when running inside Tauri, otherwise HTTP to the page's server. */
export async function pickBackend(): Promise<Backend> {
  const inTauri = typeof window !== 'undefined' && '__TAURI_INTERNALS__' in window;
  if (inTauri) {
    const { invoke } = await import('@tauri-apps/api/core');
    return new TauriBackend(invoke as Invoke);
  }
  const token = new URLSearchParams(window.location.search).get('token');
  return new HttpBackend('', undefined, token);
}
