/**
 * Where contact requests go, and the one place the browser loads supabase-js — lazily, with a
 * dynamic import on the first open of the modal or on intent (pointer or focus on a 'Get in
 * Contact' button), never on page load.
 */
import type { ContactInsert } from './contact.ts';
import { CONTACT_TABLE, LOCAL_ANON_KEY } from '../../shared/local-backend.ts';

/** The Supabase (or Supabase-compatible) endpoint and its public anon key. */
export interface ContactBackend {
  url: string;
  anonKey: string;
}

/**
 * The backend for a site configuration: the configured Supabase project when
 * `PUBLIC_SUPABASE_URL` is set, else the embedded backend of `npm start` on the page's own origin
 * with its published local key.
 */
export function resolveContactBackend(config: { url: string; anonKey: string }, origin: string): ContactBackend {
  return config.url ? { url: config.url, anonKey: config.anonKey } : { url: origin, anonKey: LOCAL_ANON_KEY };
}

let loading: Promise<ContactInsert> | null = null;

/**
 * Loads supabase-js (once per page) and returns the insert port: `insert` into contact_submissions
 * with no read-back, cancelled by the given signal (a repeat of a stored request_id stores nothing
 * and answers 201 like the first: supabase/migrations/*_contact_request_id.sql). The answer's
 * Retry-After is passed on. A failed load is retried on the next call.
 */
export function loadContactInsert(backend: ContactBackend): Promise<ContactInsert> {
  loading ??= import('@supabase/supabase-js')
    .then(({ createClient }) => {
      // supabase-js does not expose response headers: a fetch that notes Retry-After per request.
      const retryAfter = new WeakMap<AbortSignal, number>();
      const noting: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        const seconds = Number(response.headers.get('retry-after') ?? NaN);
        if (init?.signal && response.headers.has('retry-after') && Number.isFinite(seconds))
          retryAfter.set(init.signal, seconds);
        return response;
      };
      const client = createClient(backend.url, backend.anonKey, {
        // The form needs no session: no storage, no token refresh timers, no URL parsing.
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        global: { fetch: noting },
      });
      const insert: ContactInsert = async (row, signal) => {
        const { error, status } = await client.from(CONTACT_TABLE).insert(row).abortSignal(signal);
        const seconds = retryAfter.get(signal);
        return seconds === undefined ? { error, status } : { error, status, retryAfterSeconds: seconds };
      };
      return insert;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
