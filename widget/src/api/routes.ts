/**
 * The route tables of the provider API (spec §7), one exported constant per resource family.
 * Each entry is `'METHOD /path'`, optionally followed by a flag: `multipart` (body sent as
 * `FormData`) or `public` (sent without `Authorization`). `{name}` segments are path parameters,
 * taken positionally and percent-encoded by `bindRoutes`.
 *
 * The tables are plain data: a bundler keeps only the ones your code references, so
 * `bindRoutes(createRequester(o), assistantRoutes)` costs one table, not the whole API.
 *
 * Method naming: `create` POST collection · `list` GET collection · `get` / `update` (PATCH) /
 * `replace` (PUT) / `delete` by id; other names follow the path.
 */

/** Calls: `/call`, `/call/phone`, `/call/web` and the `/v2/call` listings. */
export const callRoutes = {
  /** POST /call: create a call (body: the call, e.g. `{ assistantId, customer, phoneNumberId }`). */
  create: 'POST /call',
  /** GET /call with a query (filters such as `assistantId`, `limit`, `createdAtGt`). */
  list: 'GET /call',
  /** GET /call/{id} */
  get: 'GET /call/{id}',
  /** PATCH /call/{id} */
  update: 'PATCH /call/{id}',
  /** DELETE /call/{id} */
  delete: 'DELETE /call/{id}',
  /** POST /call/phone: create an outbound phone call. */
  createPhone: 'POST /call/phone',
  /** POST /call/web: create a web call (the widget uses the smaller standalone `createWebCall`). */
  createWeb: 'POST /call/web',
  /** GET /v2/call: paginated listing. */
  listV2: 'GET /v2/call',
  /** GET /v2/call/export */
  export: 'GET /v2/call/export',
  /** GET /v2/call/metadata */
  metadata: 'GET /v2/call/metadata',
} as const;

/** Chats: `/chat`, `/chat/responses`, `/chat/web`, `/chat/web/responses`. */
export const chatRoutes = {
  /** GET /chat */
  list: 'GET /chat',
  /** POST /chat */
  create: 'POST /chat',
  /** GET /chat/{id} */
  get: 'GET /chat/{id}',
  /** DELETE /chat/{id} */
  delete: 'DELETE /chat/{id}',
  /** POST /chat/responses */
  createResponse: 'POST /chat/responses',
  /** POST /chat/web */
  createWeb: 'POST /chat/web',
  /** POST /chat/web/responses */
  createWebResponse: 'POST /chat/web/responses',
} as const;

/** Campaigns: `/campaign`, `/campaign/paginated`. */
export const campaignRoutes = {
  /** POST /campaign */
  create: 'POST /campaign',
  /** GET /campaign */
  list: 'GET /campaign',
  /** GET /campaign/paginated */
  listPaginated: 'GET /campaign/paginated',
  /** GET /campaign/{id} */
  get: 'GET /campaign/{id}',
  /** PATCH /campaign/{id} */
  update: 'PATCH /campaign/{id}',
  /** DELETE /campaign/{id} */
  delete: 'DELETE /campaign/{id}',
} as const;

/** Sessions: `/session`. */
export const sessionRoutes = {
  /** POST /session */
  create: 'POST /session',
  /** GET /session */
  list: 'GET /session',
  /** GET /session/{id} */
  get: 'GET /session/{id}',
  /** PATCH /session/{id} */
  update: 'PATCH /session/{id}',
  /** DELETE /session/{id} */
  delete: 'DELETE /session/{id}',
} as const;

/** Support: `/support/ticket`. */
export const supportRoutes = {
  /** POST /support/ticket */
  createTicket: 'POST /support/ticket',
} as const;

/** Assistants: `/assistant` (with versions and PUT) and `/v2/assistant`. */
export const assistantRoutes = {
  /** POST /assistant */
  create: 'POST /assistant',
  /** GET /assistant with a query. */
  list: 'GET /assistant',
  /** GET /assistant/{id} */
  get: 'GET /assistant/{id}',
  /** PATCH /assistant/{id}: partial update. */
  update: 'PATCH /assistant/{id}',
  /** PUT /assistant/{id}: full replacement. */
  replace: 'PUT /assistant/{id}',
  /** DELETE /assistant/{id} */
  delete: 'DELETE /assistant/{id}',
  /** GET /assistant/{id}/version: the assistant's versions. */
  versions: 'GET /assistant/{id}/version',
  /** GET /v2/assistant: paginated listing. */
  listV2: 'GET /v2/assistant',
} as const;

/** Phone numbers: `/phone-number` (with Twilio and Vonage imports) and `/v2/phone-number`. */
export const phoneNumberRoutes = {
  /** POST /phone-number/import/twilio */
  importTwilio: 'POST /phone-number/import/twilio',
  /** POST /phone-number/import/vonage */
  importVonage: 'POST /phone-number/import/vonage',
  /** POST /phone-number */
  create: 'POST /phone-number',
  /** GET /phone-number */
  list: 'GET /phone-number',
  /** GET /phone-number/{id} */
  get: 'GET /phone-number/{id}',
  /** PATCH /phone-number/{id} */
  update: 'PATCH /phone-number/{id}',
  /** DELETE /phone-number/{id} */
  delete: 'DELETE /phone-number/{id}',
  /** GET /v2/phone-number: paginated listing. */
  listV2: 'GET /v2/phone-number',
} as const;

/** Tools: `/tool`. */
export const toolRoutes = {
  /** POST /tool */
  create: 'POST /tool',
  /** GET /tool */
  list: 'GET /tool',
  /** GET /tool/{id} */
  get: 'GET /tool/{id}',
  /** PATCH /tool/{id} */
  update: 'PATCH /tool/{id}',
  /** DELETE /tool/{id} */
  delete: 'DELETE /tool/{id}',
} as const;

/** Knowledge bases: `/knowledge-base`. */
export const knowledgeBaseRoutes = {
  /** POST /knowledge-base */
  create: 'POST /knowledge-base',
  /** GET /knowledge-base */
  list: 'GET /knowledge-base',
  /** GET /knowledge-base/{id} */
  get: 'GET /knowledge-base/{id}',
  /** PATCH /knowledge-base/{id} */
  update: 'PATCH /knowledge-base/{id}',
  /** DELETE /knowledge-base/{id} */
  delete: 'DELETE /knowledge-base/{id}',
} as const;

/** Squads: `/squad`. */
export const squadRoutes = {
  /** POST /squad */
  create: 'POST /squad',
  /** GET /squad */
  list: 'GET /squad',
  /** GET /squad/{id} */
  get: 'GET /squad/{id}',
  /** PATCH /squad/{id} */
  update: 'PATCH /squad/{id}',
  /** DELETE /squad/{id} */
  delete: 'DELETE /squad/{id}',
} as const;

/** API tokens: `/token`. */
export const tokenRoutes = {
  /** POST /token */
  create: 'POST /token',
  /** GET /token */
  list: 'GET /token',
  /** GET /token/{id} */
  get: 'GET /token/{id}',
  /** PATCH /token/{id} */
  update: 'PATCH /token/{id}',
  /** DELETE /token/{id} */
  delete: 'DELETE /token/{id}',
} as const;

/** Templates: `/template` and `/template/pinned`. */
export const templateRoutes = {
  /** POST /template */
  create: 'POST /template',
  /** GET /template */
  list: 'GET /template',
  /** GET /template/pinned */
  pinned: 'GET /template/pinned',
  /** GET /template/{id} */
  get: 'GET /template/{id}',
  /** PATCH /template/{id} */
  update: 'PATCH /template/{id}',
  /** DELETE /template/{id} */
  delete: 'DELETE /template/{id}',
} as const;

/** Credentials: `/credential`, its session and trigger, and the unauthenticated webhook. */
export const credentialRoutes = {
  /** POST /credential */
  create: 'POST /credential',
  /** GET /credential */
  list: 'GET /credential',
  /** GET /credential/{id} */
  get: 'GET /credential/{id}',
  /** PATCH /credential/{id} */
  update: 'PATCH /credential/{id}',
  /** DELETE /credential/{id} */
  delete: 'DELETE /credential/{id}',
  /** POST /credential/session */
  createSession: 'POST /credential/session',
  /** POST /credential/webhook: the one route sent WITHOUT `Authorization` (spec §6). */
  webhook: 'POST /credential/webhook public',
  /** POST /credential/trigger */
  trigger: 'POST /credential/trigger',
} as const;

/** Files: `/file` (multipart upload) and the deprecated `/file/upload`. */
export const fileRoutes = {
  /**
   * POST /file/upload (multipart).
   * @deprecated The platform deprecated this route; use `file.create` (multipart POST /file).
   */
  upload: 'POST /file/upload multipart',
  /** POST /file: multipart upload; pass a `File`/`Blob` (sent as field `file`), a record or a `FormData`. */
  create: 'POST /file multipart',
  /** GET /file */
  list: 'GET /file',
  /** GET /file/{id} */
  get: 'GET /file/{id}',
  /** PATCH /file/{id} */
  update: 'PATCH /file/{id}',
  /** DELETE /file/{id} */
  delete: 'DELETE /file/{id}',
} as const;

/** Workflows: `/workflow` and `/workflow/generate`. */
export const workflowRoutes = {
  /** GET /workflow */
  list: 'GET /workflow',
  /** POST /workflow */
  create: 'POST /workflow',
  /** GET /workflow/{id} */
  get: 'GET /workflow/{id}',
  /** PATCH /workflow/{id} */
  update: 'PATCH /workflow/{id}',
  /** DELETE /workflow/{id} */
  delete: 'DELETE /workflow/{id}',
  /** POST /workflow/generate */
  generate: 'POST /workflow/generate',
} as const;

/** Test suites: `/test-suite`, with nested `test` and `run` families (suite id first). */
export const testSuiteRoutes = {
  /** GET /test-suite */
  list: 'GET /test-suite',
  /** POST /test-suite */
  create: 'POST /test-suite',
  /** GET /test-suite/{id} */
  get: 'GET /test-suite/{id}',
  /** PATCH /test-suite/{id} */
  update: 'PATCH /test-suite/{id}',
  /** DELETE /test-suite/{id} */
  delete: 'DELETE /test-suite/{id}',
  /** Tests of a suite: `/test-suite/{id}/test`. */
  test: {
    /** GET /test-suite/{id}/test */
    list: 'GET /test-suite/{id}/test',
    /** POST /test-suite/{id}/test */
    create: 'POST /test-suite/{id}/test',
    /** GET /test-suite/{id}/test/{testId} */
    get: 'GET /test-suite/{id}/test/{testId}',
    /** PATCH /test-suite/{id}/test/{testId} */
    update: 'PATCH /test-suite/{id}/test/{testId}',
    /** DELETE /test-suite/{id}/test/{testId} */
    delete: 'DELETE /test-suite/{id}/test/{testId}',
  },
  /** Runs of a suite: `/test-suite/{id}/run`. */
  run: {
    /** GET /test-suite/{id}/run */
    list: 'GET /test-suite/{id}/run',
    /** POST /test-suite/{id}/run */
    create: 'POST /test-suite/{id}/run',
    /** GET /test-suite/{id}/run/{runId} */
    get: 'GET /test-suite/{id}/run/{runId}',
    /** PATCH /test-suite/{id}/run/{runId} */
    update: 'PATCH /test-suite/{id}/run/{runId}',
    /** DELETE /test-suite/{id}/run/{runId} */
    delete: 'DELETE /test-suite/{id}/run/{runId}',
  },
} as const;

/** Analytics: `/analytics`. */
export const analyticsRoutes = {
  /** POST /analytics: run analytics queries (body: `{ queries: [...] }`). */
  query: 'POST /analytics',
} as const;

/** Logs: `/log` and `/logs`, both with a query. */
export const logRoutes = {
  /** GET /log */
  list: 'GET /log',
  /** DELETE /log */
  delete: 'DELETE /log',
  /** GET /logs */
  listLogs: 'GET /logs',
  /** DELETE /logs */
  deleteLogs: 'DELETE /logs',
} as const;

/** Organisations: `/org` with users, leave, member leave, invite, role and auth. */
export const orgRoutes = {
  /** POST /org */
  create: 'POST /org',
  /** GET /org */
  list: 'GET /org',
  /** GET /org/{id} */
  get: 'GET /org/{id}',
  /** PATCH /org/{id} */
  update: 'PATCH /org/{id}',
  /** DELETE /org/{id} */
  delete: 'DELETE /org/{id}',
  /** GET /org/{id}/user: the org's users. */
  users: 'GET /org/{id}/user',
  /** DELETE /org/{id}/leave: the caller leaves the org. */
  leave: 'DELETE /org/{id}/leave',
  /** DELETE /org/{id}/member/{userId}/leave: remove a member. */
  removeMember: 'DELETE /org/{id}/member/{userId}/leave',
  /** POST /org/{id}/invite (payload fields: not given by the spec). */
  invite: 'POST /org/{id}/invite',
  /** PATCH /org/{id}/role (payload fields: not given by the spec). */
  updateRole: 'PATCH /org/{id}/role',
  /** GET /org/{id}/auth */
  auth: 'GET /org/{id}/auth',
} as const;

/** Voice library: `/voice-library`. */
export const voiceLibraryRoutes = {
  /** GET /voice-library/{provider} */
  list: 'GET /voice-library/{provider}',
  /** GET /voice-library/{provider}/accents */
  accents: 'GET /voice-library/{provider}/accents',
  /** POST /voice-library/sync/{provider}: sync one provider's voices. */
  syncProvider: 'POST /voice-library/sync/{provider}',
  /** POST /voice-library/sync: sync all providers. */
  sync: 'POST /voice-library/sync',
  /** POST /voice-library/create-sesame-voice */
  createSesameVoice: 'POST /voice-library/create-sesame-voice',
} as const;

/** Provider routes `/{provider}/…` (workflows, locations, voices) and the 11labs voice clone. */
export const providerRoutes = {
  /** GET /{provider}/workflows */
  workflows: 'GET /{provider}/workflows',
  /** GET /{provider}/workflows/{id}/hooks */
  workflowHooks: 'GET /{provider}/workflows/{id}/hooks',
  /** GET /{provider}/locations */
  locations: 'GET /{provider}/locations',
  /** GET /{provider}/voices/search */
  searchVoices: 'GET /{provider}/voices/search',
  /** GET /{provider}/voice/search */
  searchVoice: 'GET /{provider}/voice/search',
  /** POST /{provider}/voices/add */
  addVoices: 'POST /{provider}/voices/add',
  /** POST /{provider}/voice/add */
  addVoice: 'POST /{provider}/voice/add',
  /** POST /11labs/voice/clone (multipart: e.g. `{ name, files: [file1, file2] }`). */
  cloneVoice: 'POST /11labs/voice/clone multipart',
} as const;
