/**
 * Facts shared by the browser and the embedded backend of `npm start` (server/): where the
 * PostgREST-compatible endpoint lives and the key it accepts. Nothing here is secret.
 */

/**
 * The anon key of the embedded local backend. Like Supabase's own local development keys it is
 * published on purpose: it only lets a caller do what role anon may do (insert a contact request),
 * and the server compares it to refuse requests that carry no key or a wrong one, as Supabase does.
 * It uses Supabase's publishable-key format, so supabase-js sends it in the `apikey` header only.
 */
export const LOCAL_ANON_KEY = 'sb_publishable_ringwise_local_embedded_backend';

/** Path prefix of the PostgREST API, as on Supabase (`{url}/rest/v1/{table}`). */
export const REST_PREFIX = '/rest/v1/';

/** The one table the contact modal writes to. */
export const CONTACT_TABLE = 'contact_submissions';
