/**
 * The route tables of the provider API (spec §7, brought up to the platform's current generation),
 * one exported constant per resource family. Each entry is `'METHOD /path'`, optionally followed by
 * a flag: `multipart` (body sent as `FormData`), `public` (sent without `Authorization`) or `body`
 * (a DELETE that sends a JSON body instead of a query). `{name}` segments are path parameters, taken
 * positionally and percent-encoded by `bindRoutes`; their names follow the platform's.
 *
 * The tables are plain data: a bundler keeps only the ones your code references, so
 * `bindRoutes(createRequester(o), assistantRoutes)` costs one table, not the whole API.
 *
 * Method naming: `create` POST collection · `list` GET collection · `get` / `update` (PATCH) /
 * `replace` (PUT) / `delete` by id; other names follow the path.
 *
 * `@deprecated` marks, which editors show struck through, say one of two things:
 * - the platform deprecated the route: the mark names the method to use instead;
 * - the route is removed from the platform's current API and kept for older deployments (the
 *   product description lists it, and a self-hosted or pinned platform may still serve it).
 * `tests/unit/widget/api/drift.test.ts` compares these tables, marks included, with the route list
 * of the platform's generated client (`@vapi-ai/web`, a devDependency).
 */

/** Calls: `/call`, `/call/phone`, `/call/web`, a call's recordings and logs, and the `/v2/call` listings. */
export const callRoutes = {
  /** POST /call: create a call (body: the call, e.g. `{ assistantId, customer, phoneNumberId }`). */
  create: 'POST /call',
  /** GET /call with a query (filters such as `assistantId`, `limit`, `createdAtGt`). */
  list: 'GET /call',
  /** GET /call/{id} */
  get: 'GET /call/{id}',
  /** PATCH /call/{id} */
  update: 'PATCH /call/{id}',
  /**
   * DELETE /call/{id}, with an optional JSON body: `{ ids: [...] }` deletes those calls' data
   * (bulk), no body the one in the path.
   */
  delete: 'DELETE /call/{id} body',
  /**
   * POST /call/phone: create an outbound phone call.
   * @deprecated The platform deprecated this route: use `call.create` (POST /call, with `phoneNumberId` and `customer`).
   */
  createPhone: 'POST /call/phone',
  /** POST /call/web: create a web call (the widget uses the smaller standalone `createWebCall`). */
  createWeb: 'POST /call/web',
  /** GET /v2/call: paginated listing. */
  listV2: 'GET /v2/call',
  /** GET /v2/call/export */
  export: 'GET /v2/call/export',
  /** GET /v2/call/metadata */
  metadata: 'GET /v2/call/metadata',
  /**
   * GET /call/{id}/mono-recording: the recording, one channel. Resolves with a `Blob` when the
   * platform answers with the audio file (binary content types are never decoded as text).
   */
  monoRecording: 'GET /call/{id}/mono-recording',
  /** GET /call/{id}/stereo-recording: the recording, assistant and customer on two channels (a `Blob`). */
  stereoRecording: 'GET /call/{id}/stereo-recording',
  /** GET /call/{id}/video-recording (a `Blob`). */
  videoRecording: 'GET /call/{id}/video-recording',
  /** GET /call/{id}/customer-recording: the customer's side only (a `Blob`). */
  customerRecording: 'GET /call/{id}/customer-recording',
  /** GET /call/{id}/assistant-recording: the assistant's side only (a `Blob`). */
  assistantRecording: 'GET /call/{id}/assistant-recording',
  /** GET /call/{id}/pcap: the call's packet capture (a `Blob`). */
  pcap: 'GET /call/{id}/pcap',
  /** GET /call/{id}/call-logs: the call's logs. */
  logs: 'GET /call/{id}/call-logs',
} as const;

/** Chats: `/chat`, its CSV export, `/chat/responses`, `/chat/web`, `/chat/web/responses`. */
export const chatRoutes = {
  /** GET /chat */
  list: 'GET /chat',
  /** POST /chat */
  create: 'POST /chat',
  /** GET /chat/export: chats as CSV (query: the list filters and `columns`). */
  export: 'GET /chat/export',
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

/** Campaigns: `/campaign`, `/campaign/paginated` and `/v2/campaign`. */
export const campaignRoutes = {
  /** POST /campaign */
  create: 'POST /campaign',
  /** GET /campaign */
  list: 'GET /campaign',
  /**
   * GET /campaign/paginated
   * @deprecated Removed from the platform's current API; kept for older deployments (last in its generated client 2.3.8). Use `campaign.listV2` (GET /v2/campaign).
   */
  listPaginated: 'GET /campaign/paginated',
  /** GET /campaign/{id} */
  get: 'GET /campaign/{id}',
  /** PATCH /campaign/{id} */
  update: 'PATCH /campaign/{id}',
  /** DELETE /campaign/{id} */
  delete: 'DELETE /campaign/{id}',
  /** POST /v2/campaign */
  createV2: 'POST /v2/campaign',
  /** GET /v2/campaign: paginated listing. */
  listV2: 'GET /v2/campaign',
  /** GET /v2/campaign/{id} */
  getV2: 'GET /v2/campaign/{id}',
  /** PATCH /v2/campaign/{id} */
  updateV2: 'PATCH /v2/campaign/{id}',
  /** DELETE /v2/campaign/{id} */
  deleteV2: 'DELETE /v2/campaign/{id}',
  /** GET /v2/campaign/{id}/contacts: the campaign's contacts. */
  contactsV2: 'GET /v2/campaign/{id}/contacts',
} as const;

/** Sessions: `/session` and its CSV export. */
export const sessionRoutes = {
  /** POST /session */
  create: 'POST /session',
  /** GET /session */
  list: 'GET /session',
  /** GET /session/export: sessions as CSV. */
  export: 'GET /session/export',
  /** GET /session/{id} */
  get: 'GET /session/{id}',
  /** PATCH /session/{id} */
  update: 'PATCH /session/{id}',
  /** DELETE /session/{id} */
  delete: 'DELETE /session/{id}',
} as const;

/** Support: `/support/ticket`. */
export const supportRoutes = {
  /**
   * POST /support/ticket
   * @deprecated Removed from the platform's current API; kept for older deployments (last in its generated client 2.3.8).
   */
  createTicket: 'POST /support/ticket',
} as const;

/** Assistants: `/assistant` (with PUT, versions and drafts) and `/v2/assistant`. */
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
  /**
   * GET /assistant/{id}/version: the assistant's legacy version list.
   * @deprecated The platform deprecated this route: use `assistant.version.list` (GET /assistant/{id}/versions).
   */
  versions: 'GET /assistant/{id}/version',
  /** GET /v2/assistant: paginated listing. */
  listV2: 'GET /v2/assistant',
  /** Versions of an assistant: `/assistant/{id}/versions` (assistant id first). */
  version: {
    /** GET /assistant/{id}/versions: the version history. */
    list: 'GET /assistant/{id}/versions',
    /** GET /assistant/{id}/versions/{version} */
    get: 'GET /assistant/{id}/versions/{version}',
    /** PATCH /assistant/{id}/versions/{version}: the version's metadata. */
    update: 'PATCH /assistant/{id}/versions/{version}',
    /** DELETE /assistant/{id}/versions/{version} */
    delete: 'DELETE /assistant/{id}/versions/{version}',
    /** POST /assistant/{id}/restore/{version}: make that version the current assistant. */
    restore: 'POST /assistant/{id}/restore/{version}',
  },
  /** Drafts: `/assistant/draft` (all of the org's) and `/assistant/{id}/draft`. */
  draft: {
    /** GET /assistant/draft: every assistant draft of the org (query: `cursor`, `limit`, `createdBy`). */
    listAll: 'GET /assistant/draft',
    /** GET /assistant/{id}/draft: the assistant's drafts. */
    list: 'GET /assistant/{id}/draft',
    /** POST /assistant/{id}/draft */
    create: 'POST /assistant/{id}/draft',
    /** GET /assistant/{id}/draft/{draftId} */
    get: 'GET /assistant/{id}/draft/{draftId}',
    /** PATCH /assistant/{id}/draft/{draftId} */
    update: 'PATCH /assistant/{id}/draft/{draftId}',
    /** DELETE /assistant/{id}/draft/{draftId} */
    delete: 'DELETE /assistant/{id}/draft/{draftId}',
  },
} as const;

/** Phone numbers: `/phone-number` (with Twilio and Vonage imports) and `/v2/phone-number`. */
export const phoneNumberRoutes = {
  /**
   * POST /phone-number/import/twilio
   * @deprecated The platform deprecated this route: use `phoneNumber.create` (POST /phone-number, with `provider: 'twilio'`).
   */
  importTwilio: 'POST /phone-number/import/twilio',
  /**
   * POST /phone-number/import/vonage
   * @deprecated The platform deprecated this route: use `phoneNumber.create` (POST /phone-number, with `provider: 'vonage'`).
   */
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

/** Tools: `/tool`, with versions and drafts. */
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
  /** Versions of a tool: `/tool/{id}/versions` (tool id first). */
  version: {
    /** GET /tool/{id}/versions: the version history. */
    list: 'GET /tool/{id}/versions',
    /** GET /tool/{id}/versions/{version} */
    get: 'GET /tool/{id}/versions/{version}',
    /** PATCH /tool/{id}/versions/{version}: the version's metadata. */
    update: 'PATCH /tool/{id}/versions/{version}',
    /** DELETE /tool/{id}/versions/{version} */
    delete: 'DELETE /tool/{id}/versions/{version}',
  },
  /** Drafts: `/tool/draft` (all of the org's) and `/tool/{id}/draft`. */
  draft: {
    /** GET /tool/draft: every tool draft of the org. */
    listAll: 'GET /tool/draft',
    /** GET /tool/{id}/draft: the tool's drafts. */
    list: 'GET /tool/{id}/draft',
    /** POST /tool/{id}/draft */
    create: 'POST /tool/{id}/draft',
    /** GET /tool/{id}/draft/{draftId} */
    get: 'GET /tool/{id}/draft/{draftId}',
    /** PATCH /tool/{id}/draft/{draftId} */
    update: 'PATCH /tool/{id}/draft/{draftId}',
    /** DELETE /tool/{id}/draft/{draftId} */
    delete: 'DELETE /tool/{id}/draft/{draftId}',
  },
} as const;

/** Knowledge bases: `/knowledge-base` and `/v2/knowledge-base` (with its files). */
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
  /** POST /v2/knowledge-base */
  createV2: 'POST /v2/knowledge-base',
  /** GET /v2/knowledge-base */
  listV2: 'GET /v2/knowledge-base',
  /** GET /v2/knowledge-base/{id} */
  getV2: 'GET /v2/knowledge-base/{id}',
  /** PATCH /v2/knowledge-base/{id} */
  updateV2: 'PATCH /v2/knowledge-base/{id}',
  /** DELETE /v2/knowledge-base/{id} */
  deleteV2: 'DELETE /v2/knowledge-base/{id}',
  /** GET /v2/knowledge-base/{id}/file: the knowledge base's files. */
  listFilesV2: 'GET /v2/knowledge-base/{id}/file',
  /** POST /v2/knowledge-base/{id}/file: attach an uploaded file (JSON body naming it) and index it. */
  addFileV2: 'POST /v2/knowledge-base/{id}/file',
  /** DELETE /v2/knowledge-base/{id}/file/{fileId}: detach a file. */
  removeFileV2: 'DELETE /v2/knowledge-base/{id}/file/{fileId}',
  /** POST /v2/knowledge-base/{id}/file/{fileId}/retry: retry indexing a file that failed. */
  retryFileV2: 'POST /v2/knowledge-base/{id}/file/{fileId}/retry',
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

/** Credentials: `/credential`, and the removed session, trigger and unauthenticated webhook. */
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
  /**
   * POST /credential/session
   * @deprecated Removed from the platform's current API; kept for older deployments (last in its generated client 2.5.0).
   */
  createSession: 'POST /credential/session',
  /**
   * POST /credential/webhook: the one route sent WITHOUT `Authorization` (spec §6).
   * @deprecated Removed from the platform's current API; kept for older deployments (last in its generated client 2.5.0).
   */
  webhook: 'POST /credential/webhook public',
  /**
   * POST /credential/trigger
   * @deprecated Removed from the platform's current API; kept for older deployments (last in its generated client 2.5.0).
   */
  trigger: 'POST /credential/trigger',
} as const;

/** Files: `/file` (multipart upload) and the deprecated `/file/upload`. */
export const fileRoutes = {
  /**
   * POST /file/upload (multipart).
   * @deprecated The platform deprecated this route: use `file.create` (multipart POST /file).
   */
  upload: 'POST /file/upload multipart',
  /** POST /file: multipart upload; pass a `File`/`Blob` (sent as field `file`), a record or a `FormData`. */
  create: 'POST /file multipart',
  /** GET /file: the query's `purpose` is required (e.g. `{ purpose: 'knowledge-base' }`). */
  list: 'GET /file',
  /** GET /file/{id} */
  get: 'GET /file/{id}',
  /** PATCH /file/{id} */
  update: 'PATCH /file/{id}',
  /** DELETE /file/{id} */
  delete: 'DELETE /file/{id}',
} as const;

/** Workflows: `/workflow` and the removed `/workflow/generate`. */
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
  /**
   * POST /workflow/generate
   * @deprecated Removed from the platform's current API; kept for older deployments (last in its generated client 2.3.8).
   */
  generate: 'POST /workflow/generate',
} as const;

/** Test suites: `/test-suite`, with nested `test` and `run` families (suite id first, then the test's or run's). */
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
  /** Tests of a suite: `/test-suite/{testSuiteId}/test`. */
  test: {
    /** GET /test-suite/{testSuiteId}/test */
    list: 'GET /test-suite/{testSuiteId}/test',
    /** POST /test-suite/{testSuiteId}/test */
    create: 'POST /test-suite/{testSuiteId}/test',
    /** GET /test-suite/{testSuiteId}/test/{id} */
    get: 'GET /test-suite/{testSuiteId}/test/{id}',
    /** PATCH /test-suite/{testSuiteId}/test/{id} */
    update: 'PATCH /test-suite/{testSuiteId}/test/{id}',
    /** DELETE /test-suite/{testSuiteId}/test/{id} */
    delete: 'DELETE /test-suite/{testSuiteId}/test/{id}',
  },
  /** Runs of a suite: `/test-suite/{testSuiteId}/run`. */
  run: {
    /** GET /test-suite/{testSuiteId}/run */
    list: 'GET /test-suite/{testSuiteId}/run',
    /** POST /test-suite/{testSuiteId}/run */
    create: 'POST /test-suite/{testSuiteId}/run',
    /** GET /test-suite/{testSuiteId}/run/{id} */
    get: 'GET /test-suite/{testSuiteId}/run/{id}',
    /** PATCH /test-suite/{testSuiteId}/run/{id} */
    update: 'PATCH /test-suite/{testSuiteId}/run/{id}',
    /** DELETE /test-suite/{testSuiteId}/run/{id} */
    delete: 'DELETE /test-suite/{testSuiteId}/run/{id}',
  },
} as const;

/** Analytics: `/analytics`. */
export const analyticsRoutes = {
  /** POST /analytics: run analytics queries (body: `{ queries: [...] }`). */
  query: 'POST /analytics',
} as const;

/** Logs: `/log` and `/logs`, both with a query; the platform has removed all four (see `call.logs`). */
export const logRoutes = {
  /**
   * GET /log (query: `callId` is required)
   * @deprecated Removed from the platform's current API; kept for older deployments (last in its generated client 2.3.9).
   */
  list: 'GET /log',
  /**
   * DELETE /log (query: `callId` is required)
   * @deprecated Removed from the platform's current API; kept for older deployments (last in its generated client 2.3.9).
   */
  delete: 'DELETE /log',
  /**
   * GET /logs
   * @deprecated Removed from the platform's current API; kept for older deployments (last in its generated client 2.3.9).
   */
  listLogs: 'GET /logs',
  /**
   * DELETE /logs
   * @deprecated Removed from the platform's current API; kept for older deployments (last in its generated client 2.3.9).
   */
  deleteLogs: 'DELETE /logs',
} as const;

/** Organisations: `/org` with users, leave, member leave, invitations, role, auth, zero data retention and feature flags. */
export const orgRoutes = {
  /** POST /org */
  create: 'POST /org',
  /** GET /org */
  list: 'GET /org',
  /** GET /org/feature-flag: whether a flag is on (query: `key` and `orgId`, both required). */
  featureFlag: 'GET /org/feature-flag',
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
  /** DELETE /org/{id}/member/{memberId}/leave: remove a member. */
  removeMember: 'DELETE /org/{id}/member/{memberId}/leave',
  /** POST /org/{id}/invite (payload fields: not given by the spec). */
  invite: 'POST /org/{id}/invite',
  /** GET /org/{id}/invitations/pending: invitations not yet accepted. */
  pendingInvitations: 'GET /org/{id}/invitations/pending',
  /** DELETE /org/{id}/invitations/{invitationId}: revoke a pending invitation. */
  revokeInvitation: 'DELETE /org/{id}/invitations/{invitationId}',
  /** PATCH /org/{id}/role (payload fields: not given by the spec). */
  updateRole: 'PATCH /org/{id}/role',
  /** GET /org/{id}/auth */
  auth: 'GET /org/{id}/auth',
  /** POST /org/{id}/zdr: buy the zero-data-retention add-on. */
  addZdr: 'POST /org/{id}/zdr',
  /** DELETE /org/{id}/zdr: remove the zero-data-retention add-on. */
  removeZdr: 'DELETE /org/{id}/zdr',
} as const;

/** Voice library: `/voice-library` (voices by provider, sync, Sesame voices, one voice by id). */
export const voiceLibraryRoutes = {
  /** GET /voice-library/{provider} */
  list: 'GET /voice-library/{provider}',
  /** GET /voice-library/{provider}/accents */
  accents: 'GET /voice-library/{provider}/accents',
  /** POST /voice-library/sync/{provider}: sync one provider's voices. */
  syncProvider: 'POST /voice-library/sync/{provider}',
  /** POST /voice-library/sync: sync all providers. */
  sync: 'POST /voice-library/sync',
  /**
   * POST /voice-library/create-sesame-voice (multipart since the platform's generated client 2.7.0):
   * `{ voiceName, transcription, file }`, the file being the recorded sample.
   */
  createSesameVoice: 'POST /voice-library/create-sesame-voice multipart',
  /** PATCH /voice-library/{id}: a voice's name and description. */
  update: 'PATCH /voice-library/{id}',
  /** DELETE /voice-library/{id} */
  delete: 'DELETE /voice-library/{id}',
} as const;

/**
 * Provider routes `/{provider}/…` (workflows, locations, voices), provider resources
 * `/provider/{provider}/{resourceName}`, and the 11labs and Vapi voice clones.
 */
export const providerRoutes = {
  /** GET /{provider}/workflows */
  workflows: 'GET /{provider}/workflows',
  /** GET /{provider}/workflows/{workflowId}/hooks */
  workflowHooks: 'GET /{provider}/workflows/{workflowId}/hooks',
  /** GET /{provider}/locations */
  locations: 'GET /{provider}/locations',
  /**
   * GET /{provider}/voices/search (query: `name` is required)
   * @deprecated The platform deprecated this route: use `provider.searchVoice` (GET /{provider}/voice/search).
   */
  searchVoices: 'GET /{provider}/voices/search',
  /** GET /{provider}/voice/search (query: `name` is required) */
  searchVoice: 'GET /{provider}/voice/search',
  /**
   * POST /{provider}/voices/add
   * @deprecated The platform deprecated this route: use `provider.addVoice` (POST /{provider}/voice/add).
   */
  addVoices: 'POST /{provider}/voices/add',
  /** POST /{provider}/voice/add */
  addVoice: 'POST /{provider}/voice/add',
  /** POST /11labs/voice/clone (multipart: e.g. `{ name, files: [file1, file2] }`). */
  cloneVoice: 'POST /11labs/voice/clone multipart',
  /** POST /vapi/voice/clone: clone a Vapi voice into your voice library (multipart: `{ name, language?, files }`). */
  cloneVapiVoice: 'POST /vapi/voice/clone multipart',
  /** A provider's resources (e.g. 11labs or cartesia pronunciation dictionaries): `/provider/{provider}/{resourceName}`. */
  resource: {
    /** POST /provider/{provider}/{resourceName} */
    create: 'POST /provider/{provider}/{resourceName}',
    /** GET /provider/{provider}/{resourceName} */
    list: 'GET /provider/{provider}/{resourceName}',
    /** GET /provider/{provider}/{resourceName}/{id} */
    get: 'GET /provider/{provider}/{resourceName}/{id}',
    /** PATCH /provider/{provider}/{resourceName}/{id} */
    update: 'PATCH /provider/{provider}/{resourceName}/{id}',
    /** DELETE /provider/{provider}/{resourceName}/{id} */
    delete: 'DELETE /provider/{provider}/{resourceName}/{id}',
  },
} as const;
