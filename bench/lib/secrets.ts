/**
 * Secrets scan of built output (dist/, widget/dist/): nothing private may ship to browsers.
 * Looks for
 * - JWTs whose payload says `"role": "service_role"` (Supabase service-role keys; the anon key,
 *   role anon, is public by design and allowed),
 * - well-known private token shapes: Supabase secret keys (sb_secret_…) and access tokens
 *   (sbp_…), Stripe-style secret/restricted keys (sk_live_, sk_test_, rk_…), OpenAI-style keys
 *   (sk-…), GitHub tokens (ghp_…, github_pat_…), AWS access key ids (AKIA…), Slack tokens (xox…-),
 * - PEM private keys,
 * - the values of a local `.env` file (every variable not prefixed PUBLIC_) and of secret-looking
 *   environment variables of the build (names with SECRET, TOKEN, PASSWORD, PRIVATE, SERVICE_ROLE
 *   or API_KEY, not prefixed PUBLIC_).
 * The voice platform's private key is a bare UUID, indistinguishable from its public key by shape:
 * it is caught through the `.env` / environment values, not by a pattern.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One secret found. */
export interface SecretFinding {
  /** File path, relative to the scanned root's parent when possible. */
  file: string;
  /** What was found (e.g. 'Supabase service-role JWT'). */
  kind: string;
  /** A redacted excerpt: the first characters, never the whole value. */
  excerpt: string;
}

/** A named value that must not appear in the output. */
export interface ForbiddenValue {
  /** Where it comes from, e.g. '.env: SUPABASE_SERVICE_ROLE_KEY'. */
  name: string;
  value: string;
}

const TOKEN_PATTERNS: ReadonlyArray<[kind: string, pattern: RegExp]> = [
  ['Supabase secret key (sb_secret_)', /\bsb_secret_[A-Za-z0-9_-]{10,}/g],
  ['Supabase access token (sbp_)', /\bsbp_[A-Za-z0-9]{32,}/g],
  ['secret API key (sk_live_/sk_test_)', /\b[sr]k_(?:live|test)_[A-Za-z0-9]{10,}/g],
  ['secret API key (sk-…)', /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}/g],
  ['GitHub token', /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g],
  ['AWS access key id', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g],
  ['Slack token', /\bxox[abprs]-[A-Za-z0-9-]{10,}/g],
  ['PEM private key', /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----/g],
];

const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.(eyJ[A-Za-z0-9_-]{8,})\.[A-Za-z0-9_-]{16,}/g;

/** Names of build environment variables whose values are secret. */
export const SECRET_ENV_NAME = /SECRET|TOKEN|PASSWORD|PASSWD|PRIVATE|SERVICE_ROLE|API_KEY|ACCESS_KEY/i;

/** Minimum length of a forbidden value (shorter ones, like "1" or "true", would match anything). */
export const MIN_SECRET_LENGTH = 8;

function redact(value: string): string {
  return value.length <= 10 ? '…' : `${value.slice(0, 10)}… (${value.length} chars)`;
}

/** The payload of a JWT-shaped string, or null. */
export function jwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Parses dotenv text into name/value pairs (quotes stripped, comments and blanks skipped). */
export function parseDotenv(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    let value = m[2]!;
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    else value = value.replace(/\s+#.*$/, '');
    out.push([m[1]!, value]);
  }
  return out;
}

/**
 * Values that must not ship: non-PUBLIC_ variables of the dotenv files that exist among
 * `envFiles`, and secret-named non-PUBLIC_ variables of `env`. Values shorter than
 * MIN_SECRET_LENGTH are ignored.
 */
export function forbiddenValues(envFiles: string[], env: Record<string, string | undefined>): ForbiddenValue[] {
  const out: ForbiddenValue[] = [];
  for (const file of envFiles) {
    if (!existsSync(file)) continue;
    for (const [name, value] of parseDotenv(readFileSync(file, 'utf8'))) {
      if (!name.startsWith('PUBLIC_') && value.length >= MIN_SECRET_LENGTH)
        out.push({ name: `${file}: ${name}`, value });
    }
  }
  for (const [name, value] of Object.entries(env)) {
    if (value && !name.startsWith('PUBLIC_') && SECRET_ENV_NAME.test(name) && value.length >= MIN_SECRET_LENGTH) {
      out.push({ name: `environment: ${name}`, value });
    }
  }
  return out;
}

/** Scans one text for secrets; `file` only labels the findings. */
export function scanText(text: string, file: string, forbidden: ForbiddenValue[] = []): SecretFinding[] {
  const findings: SecretFinding[] = [];
  for (const m of text.matchAll(JWT)) {
    const payload = jwtPayload(m[0]);
    if (payload && payload.role === 'service_role') {
      findings.push({ file, kind: 'Supabase service-role JWT (payload role "service_role")', excerpt: redact(m[0]) });
    }
  }
  for (const [kind, pattern] of TOKEN_PATTERNS) {
    for (const m of text.matchAll(pattern)) findings.push({ file, kind, excerpt: redact(m[0]) });
  }
  for (const { name, value } of forbidden) {
    if (text.includes(value)) findings.push({ file, kind: `value of ${name}`, excerpt: redact(value) });
  }
  return findings;
}

/** Largest file read (bigger ones are media, not code). */
const MAX_FILE_BYTES = 20_000_000;

/** Every file below `root` (recursively). */
function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(full);
    }
  };
  if (existsSync(root)) walk(root);
  return out;
}

/**
 * Scans every text file below each of `roots` (binary files, i.e. containing a NUL byte, and
 * files over 20 MB are skipped). File names in findings are relative to `base`.
 */
export function scanForSecrets(
  roots: string[],
  forbidden: ForbiddenValue[],
  base: string,
): { files: number; findings: SecretFinding[] } {
  const findings: SecretFinding[] = [];
  let files = 0;
  for (const root of roots) {
    for (const file of filesUnder(root)) {
      if (statSync(file).size > MAX_FILE_BYTES) continue;
      const bytes = readFileSync(file);
      if (bytes.includes(0)) continue;
      files++;
      findings.push(...scanText(bytes.toString('utf8'), relative(base, file), forbidden));
    }
  }
  return { files, findings };
}
