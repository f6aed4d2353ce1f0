/**
 * Table test over every route of spec §7 and of the platform's current generation in the families
 * spec §7 covers: each client method, called against the loopback server, must send the right
 * method, path, query, body and Authorization header (none for the credential webhook). The
 * expected method and path are written out here (from the spec, and from the platform's generated
 * client for the newer routes), not derived from the client's route table, and a final check proves
 * every client method was covered. `drift.test.ts` compares the table itself with the platform's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../../../fixtures/loopback-server.ts';
import { createApiClient, type ApiClient } from '../../../../widget/src/api/index.ts';

const TOKEN = 'sk-test-token';
let server: LoopbackServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startLoopbackServer({
    fallback: (request) => ({ status: 200, body: { echo: `${request.method} ${request.path}` } }),
  });
  api = createApiClient({ token: TOKEN, baseUrl: server.url, retries: 0 });
});
afterAll(() => server.close());

const Q = { limit: 2, createdAtGt: new Date('2026-01-02T03:04:05.000Z'), tags: ['a', 'b'], skipped: undefined };
const Q_SENT = { limit: '2', createdAtGt: '2026-01-02T03:04:05.000Z', tags: ['a', 'b'] };
const B = { name: 'Ada', nested: { list: [1, 2] } };
// Path parameters with characters that must be percent-encoded.
const ID = 'id 1/é';
const ID_ENC = 'id%201%2F%C3%A9';

type Row = {
  /** Dotted method name on the client, e.g. `testSuite.run.get`. */
  name: string;
  invoke: (a: ApiClient) => Promise<unknown>;
  method: string;
  path: string;
  query?: Record<string, string | string[]>;
  body?: unknown;
  auth?: false;
};

/** A GET/DELETE row with the standard query. */
const q = (name: string, invoke: Row['invoke'], method: string, path: string): Row => ({
  name,
  invoke,
  method,
  path,
  query: Q_SENT,
});
/** A POST/PUT/PATCH row with the standard JSON body. */
const b = (name: string, invoke: Row['invoke'], method: string, path: string): Row => ({
  name,
  invoke,
  method,
  path,
  body: B,
});

/** The five CRUD routes every simple family has (spec: "each POST create, GET list, GET/PATCH/DELETE by id"). */
function crud(
  group: 'tool' | 'knowledgeBase' | 'squad' | 'token' | 'template' | 'credential' | 'session',
  base: string,
): Row[] {
  return [
    b(`${group}.create`, (a) => a[group].create(B), 'POST', base),
    q(`${group}.list`, (a) => a[group].list(Q), 'GET', base),
    q(`${group}.get`, (a) => a[group].get(ID, Q), 'GET', `${base}/${ID_ENC}`),
    b(`${group}.update`, (a) => a[group].update(ID, B), 'PATCH', `${base}/${ID_ENC}`),
    q(`${group}.delete`, (a) => a[group].delete(ID, Q), 'DELETE', `${base}/${ID_ENC}`),
  ];
}

/** The versions and drafts of an assistant or a tool (the platform's current generation). */
function versionsAndDrafts(group: 'assistant' | 'tool', base: string): Row[] {
  return [
    q(`${group}.version.list`, (a) => a[group].version.list(ID, Q), 'GET', `${base}/${ID_ENC}/versions`),
    q(`${group}.version.get`, (a) => a[group].version.get(ID, 'v 2', Q), 'GET', `${base}/${ID_ENC}/versions/v%202`),
    b(
      `${group}.version.update`,
      (a) => a[group].version.update(ID, 'v 2', B),
      'PATCH',
      `${base}/${ID_ENC}/versions/v%202`,
    ),
    q(
      `${group}.version.delete`,
      (a) => a[group].version.delete(ID, 'v 2', Q),
      'DELETE',
      `${base}/${ID_ENC}/versions/v%202`,
    ),
    q(`${group}.draft.listAll`, (a) => a[group].draft.listAll(Q), 'GET', `${base}/draft`),
    q(`${group}.draft.list`, (a) => a[group].draft.list(ID, Q), 'GET', `${base}/${ID_ENC}/draft`),
    b(`${group}.draft.create`, (a) => a[group].draft.create(ID, B), 'POST', `${base}/${ID_ENC}/draft`),
    q(`${group}.draft.get`, (a) => a[group].draft.get(ID, 'd?3', Q), 'GET', `${base}/${ID_ENC}/draft/d%3F3`),
    b(`${group}.draft.update`, (a) => a[group].draft.update(ID, 'd?3', B), 'PATCH', `${base}/${ID_ENC}/draft/d%3F3`),
    q(`${group}.draft.delete`, (a) => a[group].draft.delete(ID, 'd?3', Q), 'DELETE', `${base}/${ID_ENC}/draft/d%3F3`),
  ];
}

const rows: Row[] = [
  // Call
  b('call.create', (a) => a.call.create(B), 'POST', '/call'),
  q('call.list', (a) => a.call.list(Q), 'GET', '/call'),
  q('call.get', (a) => a.call.get(ID, Q), 'GET', `/call/${ID_ENC}`),
  b('call.update', (a) => a.call.update(ID, B), 'PATCH', `/call/${ID_ENC}`),
  // DELETE with a JSON body (bulk delete), not a query.
  {
    name: 'call.delete',
    invoke: (a) => a.call.delete(ID, { ids: ['c1', 'c2'] }),
    method: 'DELETE',
    path: `/call/${ID_ENC}`,
    body: { ids: ['c1', 'c2'] },
  },
  b('call.createPhone', (a) => a.call.createPhone(B), 'POST', '/call/phone'),
  q('call.monoRecording', (a) => a.call.monoRecording(ID, Q), 'GET', `/call/${ID_ENC}/mono-recording`),
  q('call.stereoRecording', (a) => a.call.stereoRecording(ID, Q), 'GET', `/call/${ID_ENC}/stereo-recording`),
  q('call.videoRecording', (a) => a.call.videoRecording(ID, Q), 'GET', `/call/${ID_ENC}/video-recording`),
  q('call.customerRecording', (a) => a.call.customerRecording(ID, Q), 'GET', `/call/${ID_ENC}/customer-recording`),
  q('call.assistantRecording', (a) => a.call.assistantRecording(ID, Q), 'GET', `/call/${ID_ENC}/assistant-recording`),
  q('call.pcap', (a) => a.call.pcap(ID, Q), 'GET', `/call/${ID_ENC}/pcap`),
  q('call.logs', (a) => a.call.logs(ID, Q), 'GET', `/call/${ID_ENC}/call-logs`),
  {
    name: 'call.createWeb',
    invoke: (a) => a.call.createWeb({ assistantId: 'asst-1', assistantOverrides: { firstMessage: 'Hi' } }),
    method: 'POST',
    path: '/call/web',
    body: { assistantId: 'asst-1', assistantOverrides: { firstMessage: 'Hi' } },
  },
  // v2 listings and export
  q('call.export', (a) => a.call.export(Q), 'GET', '/v2/call/export'),
  q('call.listV2', (a) => a.call.listV2(Q), 'GET', '/v2/call'),
  q('call.metadata', (a) => a.call.metadata(Q), 'GET', '/v2/call/metadata'),
  q('assistant.listV2', (a) => a.assistant.listV2(Q), 'GET', '/v2/assistant'),
  q('phoneNumber.listV2', (a) => a.phoneNumber.listV2(Q), 'GET', '/v2/phone-number'),
  // Chat
  q('chat.list', (a) => a.chat.list(Q), 'GET', '/chat'),
  b('chat.create', (a) => a.chat.create(B), 'POST', '/chat'),
  q('chat.export', (a) => a.chat.export(Q), 'GET', '/chat/export'),
  q('chat.get', (a) => a.chat.get(ID, Q), 'GET', `/chat/${ID_ENC}`),
  q('chat.delete', (a) => a.chat.delete(ID, Q), 'DELETE', `/chat/${ID_ENC}`),
  b('chat.createResponse', (a) => a.chat.createResponse(B), 'POST', '/chat/responses'),
  b('chat.createWeb', (a) => a.chat.createWeb(B), 'POST', '/chat/web'),
  b('chat.createWebResponse', (a) => a.chat.createWebResponse(B), 'POST', '/chat/web/responses'),
  // Campaign
  b('campaign.create', (a) => a.campaign.create(B), 'POST', '/campaign'),
  q('campaign.list', (a) => a.campaign.list(Q), 'GET', '/campaign'),
  q('campaign.listPaginated', (a) => a.campaign.listPaginated(Q), 'GET', '/campaign/paginated'),
  q('campaign.get', (a) => a.campaign.get(ID, Q), 'GET', `/campaign/${ID_ENC}`),
  b('campaign.update', (a) => a.campaign.update(ID, B), 'PATCH', `/campaign/${ID_ENC}`),
  q('campaign.delete', (a) => a.campaign.delete(ID, Q), 'DELETE', `/campaign/${ID_ENC}`),
  b('campaign.createV2', (a) => a.campaign.createV2(B), 'POST', '/v2/campaign'),
  q('campaign.listV2', (a) => a.campaign.listV2(Q), 'GET', '/v2/campaign'),
  q('campaign.getV2', (a) => a.campaign.getV2(ID, Q), 'GET', `/v2/campaign/${ID_ENC}`),
  b('campaign.updateV2', (a) => a.campaign.updateV2(ID, B), 'PATCH', `/v2/campaign/${ID_ENC}`),
  q('campaign.deleteV2', (a) => a.campaign.deleteV2(ID, Q), 'DELETE', `/v2/campaign/${ID_ENC}`),
  q('campaign.contactsV2', (a) => a.campaign.contactsV2(ID, Q), 'GET', `/v2/campaign/${ID_ENC}/contacts`),
  // Session
  ...crud('session', '/session'),
  q('session.export', (a) => a.session.export(Q), 'GET', '/session/export'),
  // Support
  b('support.createTicket', (a) => a.support.createTicket(B), 'POST', '/support/ticket'),
  // Assistant
  b('assistant.create', (a) => a.assistant.create(B), 'POST', '/assistant'),
  q('assistant.list', (a) => a.assistant.list(Q), 'GET', '/assistant'),
  q('assistant.get', (a) => a.assistant.get(ID, Q), 'GET', `/assistant/${ID_ENC}`),
  b('assistant.update', (a) => a.assistant.update(ID, B), 'PATCH', `/assistant/${ID_ENC}`),
  b('assistant.replace', (a) => a.assistant.replace(ID, B), 'PUT', `/assistant/${ID_ENC}`),
  q('assistant.delete', (a) => a.assistant.delete(ID, Q), 'DELETE', `/assistant/${ID_ENC}`),
  q('assistant.versions', (a) => a.assistant.versions(ID, Q), 'GET', `/assistant/${ID_ENC}/version`),
  ...versionsAndDrafts('assistant', '/assistant'),
  b(
    'assistant.version.restore',
    (a) => a.assistant.version.restore(ID, 'v 2', B),
    'POST',
    `/assistant/${ID_ENC}/restore/v%202`,
  ),
  // Phone number
  b('phoneNumber.importTwilio', (a) => a.phoneNumber.importTwilio(B), 'POST', '/phone-number/import/twilio'),
  b('phoneNumber.importVonage', (a) => a.phoneNumber.importVonage(B), 'POST', '/phone-number/import/vonage'),
  b('phoneNumber.create', (a) => a.phoneNumber.create(B), 'POST', '/phone-number'),
  q('phoneNumber.list', (a) => a.phoneNumber.list(Q), 'GET', '/phone-number'),
  q('phoneNumber.get', (a) => a.phoneNumber.get(ID, Q), 'GET', `/phone-number/${ID_ENC}`),
  b('phoneNumber.update', (a) => a.phoneNumber.update(ID, B), 'PATCH', `/phone-number/${ID_ENC}`),
  q('phoneNumber.delete', (a) => a.phoneNumber.delete(ID, Q), 'DELETE', `/phone-number/${ID_ENC}`),
  // Tool, knowledge base, squad, token, template, credential
  ...crud('tool', '/tool'),
  ...versionsAndDrafts('tool', '/tool'),
  ...crud('knowledgeBase', '/knowledge-base'),
  b('knowledgeBase.createV2', (a) => a.knowledgeBase.createV2(B), 'POST', '/v2/knowledge-base'),
  q('knowledgeBase.listV2', (a) => a.knowledgeBase.listV2(Q), 'GET', '/v2/knowledge-base'),
  q('knowledgeBase.getV2', (a) => a.knowledgeBase.getV2(ID, Q), 'GET', `/v2/knowledge-base/${ID_ENC}`),
  b('knowledgeBase.updateV2', (a) => a.knowledgeBase.updateV2(ID, B), 'PATCH', `/v2/knowledge-base/${ID_ENC}`),
  q('knowledgeBase.deleteV2', (a) => a.knowledgeBase.deleteV2(ID, Q), 'DELETE', `/v2/knowledge-base/${ID_ENC}`),
  q('knowledgeBase.listFilesV2', (a) => a.knowledgeBase.listFilesV2(ID, Q), 'GET', `/v2/knowledge-base/${ID_ENC}/file`),
  b('knowledgeBase.addFileV2', (a) => a.knowledgeBase.addFileV2(ID, B), 'POST', `/v2/knowledge-base/${ID_ENC}/file`),
  q(
    'knowledgeBase.removeFileV2',
    (a) => a.knowledgeBase.removeFileV2(ID, 'f&1', Q),
    'DELETE',
    `/v2/knowledge-base/${ID_ENC}/file/f%261`,
  ),
  b(
    'knowledgeBase.retryFileV2',
    (a) => a.knowledgeBase.retryFileV2(ID, 'f&1', B),
    'POST',
    `/v2/knowledge-base/${ID_ENC}/file/f%261/retry`,
  ),
  ...crud('squad', '/squad'),
  ...crud('token', '/token'),
  ...crud('template', '/template'),
  ...crud('credential', '/credential'),
  b('credential.createSession', (a) => a.credential.createSession(B), 'POST', '/credential/session'),
  { ...b('credential.webhook', (a) => a.credential.webhook(B), 'POST', '/credential/webhook'), auth: false },
  b('credential.trigger', (a) => a.credential.trigger(B), 'POST', '/credential/trigger'),
  // File (multipart rows are checked for their content in api-client.test.ts)
  {
    name: 'file.upload',
    invoke: (a) => a.file.upload({ purpose: 'kb' }),
    method: 'POST',
    path: '/file/upload',
  },
  { name: 'file.create', invoke: (a) => a.file.create({ purpose: 'kb' }), method: 'POST', path: '/file' },
  {
    name: 'file.list',
    invoke: (a) => a.file.list({ ...Q, purpose: 'knowledge-base' }),
    method: 'GET',
    path: '/file',
    query: { ...Q_SENT, purpose: 'knowledge-base' },
  },
  q('file.get', (a) => a.file.get(ID, Q), 'GET', `/file/${ID_ENC}`),
  b('file.update', (a) => a.file.update(ID, B), 'PATCH', `/file/${ID_ENC}`),
  q('file.delete', (a) => a.file.delete(ID, Q), 'DELETE', `/file/${ID_ENC}`),
  // Workflow
  q('workflow.list', (a) => a.workflow.list(Q), 'GET', '/workflow'),
  b('workflow.create', (a) => a.workflow.create(B), 'POST', '/workflow'),
  q('workflow.get', (a) => a.workflow.get(ID, Q), 'GET', `/workflow/${ID_ENC}`),
  b('workflow.update', (a) => a.workflow.update(ID, B), 'PATCH', `/workflow/${ID_ENC}`),
  q('workflow.delete', (a) => a.workflow.delete(ID, Q), 'DELETE', `/workflow/${ID_ENC}`),
  b('workflow.generate', (a) => a.workflow.generate(B), 'POST', '/workflow/generate'),
  // Test suite, its tests and runs
  q('testSuite.list', (a) => a.testSuite.list(Q), 'GET', '/test-suite'),
  b('testSuite.create', (a) => a.testSuite.create(B), 'POST', '/test-suite'),
  q('testSuite.get', (a) => a.testSuite.get(ID, Q), 'GET', `/test-suite/${ID_ENC}`),
  b('testSuite.update', (a) => a.testSuite.update(ID, B), 'PATCH', `/test-suite/${ID_ENC}`),
  q('testSuite.delete', (a) => a.testSuite.delete(ID, Q), 'DELETE', `/test-suite/${ID_ENC}`),
  q('testSuite.test.list', (a) => a.testSuite.test.list(ID, Q), 'GET', `/test-suite/${ID_ENC}/test`),
  b('testSuite.test.create', (a) => a.testSuite.test.create(ID, B), 'POST', `/test-suite/${ID_ENC}/test`),
  q('testSuite.test.get', (a) => a.testSuite.test.get(ID, 't#2', Q), 'GET', `/test-suite/${ID_ENC}/test/t%232`),
  b('testSuite.test.update', (a) => a.testSuite.test.update(ID, 't#2', B), 'PATCH', `/test-suite/${ID_ENC}/test/t%232`),
  q(
    'testSuite.test.delete',
    (a) => a.testSuite.test.delete(ID, 't#2', Q),
    'DELETE',
    `/test-suite/${ID_ENC}/test/t%232`,
  ),
  q('testSuite.run.list', (a) => a.testSuite.run.list(ID, Q), 'GET', `/test-suite/${ID_ENC}/run`),
  b('testSuite.run.create', (a) => a.testSuite.run.create(ID, B), 'POST', `/test-suite/${ID_ENC}/run`),
  q('testSuite.run.get', (a) => a.testSuite.run.get(ID, 'r?3', Q), 'GET', `/test-suite/${ID_ENC}/run/r%3F3`),
  b('testSuite.run.update', (a) => a.testSuite.run.update(ID, 'r?3', B), 'PATCH', `/test-suite/${ID_ENC}/run/r%3F3`),
  q('testSuite.run.delete', (a) => a.testSuite.run.delete(ID, 'r?3', Q), 'DELETE', `/test-suite/${ID_ENC}/run/r%3F3`),
  // Analytics, logs
  b('analytics.query', (a) => a.analytics.query(B), 'POST', '/analytics'),
  {
    name: 'log.list',
    invoke: (a) => a.log.list({ ...Q, callId: 'c 1' }),
    method: 'GET',
    path: '/log',
    query: { ...Q_SENT, callId: 'c 1' },
  },
  {
    name: 'log.delete',
    invoke: (a) => a.log.delete({ callId: 'c 1' }),
    method: 'DELETE',
    path: '/log',
    query: { callId: 'c 1' },
  },
  q('log.listLogs', (a) => a.log.listLogs(Q), 'GET', '/logs'),
  q('log.deleteLogs', (a) => a.log.deleteLogs(Q), 'DELETE', '/logs'),
  // Org
  b('org.create', (a) => a.org.create(B), 'POST', '/org'),
  q('org.list', (a) => a.org.list(Q), 'GET', '/org'),
  {
    name: 'org.featureFlag',
    invoke: (a) => a.org.featureFlag({ key: 'beta', orgId: 'o 1' }),
    method: 'GET',
    path: '/org/feature-flag',
    query: { key: 'beta', orgId: 'o 1' },
  },
  q('org.get', (a) => a.org.get(ID, Q), 'GET', `/org/${ID_ENC}`),
  b('org.update', (a) => a.org.update(ID, B), 'PATCH', `/org/${ID_ENC}`),
  q('org.delete', (a) => a.org.delete(ID, Q), 'DELETE', `/org/${ID_ENC}`),
  q('org.users', (a) => a.org.users(ID, Q), 'GET', `/org/${ID_ENC}/user`),
  q('org.leave', (a) => a.org.leave(ID, Q), 'DELETE', `/org/${ID_ENC}/leave`),
  q('org.removeMember', (a) => a.org.removeMember(ID, 'u&4', Q), 'DELETE', `/org/${ID_ENC}/member/u%264/leave`),
  b('org.invite', (a) => a.org.invite(ID, B), 'POST', `/org/${ID_ENC}/invite`),
  q('org.pendingInvitations', (a) => a.org.pendingInvitations(ID, Q), 'GET', `/org/${ID_ENC}/invitations/pending`),
  q('org.revokeInvitation', (a) => a.org.revokeInvitation(ID, 'i/5', Q), 'DELETE', `/org/${ID_ENC}/invitations/i%2F5`),
  b('org.updateRole', (a) => a.org.updateRole(ID, B), 'PATCH', `/org/${ID_ENC}/role`),
  q('org.auth', (a) => a.org.auth(ID, Q), 'GET', `/org/${ID_ENC}/auth`),
  b('org.addZdr', (a) => a.org.addZdr(ID, B), 'POST', `/org/${ID_ENC}/zdr`),
  q('org.removeZdr', (a) => a.org.removeZdr(ID, Q), 'DELETE', `/org/${ID_ENC}/zdr`),
  // Template pinned
  q('template.pinned', (a) => a.template.pinned(Q), 'GET', '/template/pinned'),
  // Voice library
  q('voiceLibrary.list', (a) => a.voiceLibrary.list('11labs', Q), 'GET', '/voice-library/11labs'),
  q('voiceLibrary.accents', (a) => a.voiceLibrary.accents('11labs', Q), 'GET', '/voice-library/11labs/accents'),
  b(
    'voiceLibrary.syncProvider',
    (a) => a.voiceLibrary.syncProvider('cartesia', B),
    'POST',
    '/voice-library/sync/cartesia',
  ),
  b('voiceLibrary.sync', (a) => a.voiceLibrary.sync(B), 'POST', '/voice-library/sync'),
  {
    name: 'voiceLibrary.createSesameVoice',
    invoke: (a) =>
      a.voiceLibrary.createSesameVoice({ voiceName: 'Ada', transcription: 'Hello', file: new Blob(['wav']) }),
    method: 'POST',
    path: '/voice-library/create-sesame-voice',
  },
  b('voiceLibrary.update', (a) => a.voiceLibrary.update(ID, B), 'PATCH', `/voice-library/${ID_ENC}`),
  q('voiceLibrary.delete', (a) => a.voiceLibrary.delete(ID, Q), 'DELETE', `/voice-library/${ID_ENC}`),
  // Provider routes
  q('provider.workflows', (a) => a.provider.workflows('gohighlevel', Q), 'GET', '/gohighlevel/workflows'),
  q(
    'provider.workflowHooks',
    (a) => a.provider.workflowHooks('gohighlevel', ID, Q),
    'GET',
    `/gohighlevel/workflows/${ID_ENC}/hooks`,
  ),
  q('provider.locations', (a) => a.provider.locations('gohighlevel', Q), 'GET', '/gohighlevel/locations'),
  {
    name: 'provider.searchVoices',
    invoke: (a) => a.provider.searchVoices('11labs', { name: 'Ada' }),
    method: 'GET',
    path: '/11labs/voices/search',
    query: { name: 'Ada' },
  },
  {
    name: 'provider.searchVoice',
    invoke: (a) => a.provider.searchVoice('11labs', { ...Q, name: 'Ada' }),
    method: 'GET',
    path: '/11labs/voice/search',
    query: { ...Q_SENT, name: 'Ada' },
  },
  b('provider.addVoices', (a) => a.provider.addVoices('11labs', B), 'POST', '/11labs/voices/add'),
  b('provider.addVoice', (a) => a.provider.addVoice('11labs', B), 'POST', '/11labs/voice/add'),
  {
    name: 'provider.cloneVoice',
    invoke: (a) => a.provider.cloneVoice({ name: 'Ada' }),
    method: 'POST',
    path: '/11labs/voice/clone',
  },
  {
    name: 'provider.cloneVapiVoice',
    invoke: (a) => a.provider.cloneVapiVoice({ name: 'Ada' }),
    method: 'POST',
    path: '/vapi/voice/clone',
  },
  b(
    'provider.resource.create',
    (a) => a.provider.resource.create('11labs', 'pronunciation-dictionary', B),
    'POST',
    '/provider/11labs/pronunciation-dictionary',
  ),
  q(
    'provider.resource.list',
    (a) => a.provider.resource.list('11labs', 'pronunciation-dictionary', Q),
    'GET',
    '/provider/11labs/pronunciation-dictionary',
  ),
  q(
    'provider.resource.get',
    (a) => a.provider.resource.get('11labs', 'pronunciation-dictionary', ID, Q),
    'GET',
    `/provider/11labs/pronunciation-dictionary/${ID_ENC}`,
  ),
  b(
    'provider.resource.update',
    (a) => a.provider.resource.update('11labs', 'pronunciation-dictionary', ID, B),
    'PATCH',
    `/provider/11labs/pronunciation-dictionary/${ID_ENC}`,
  ),
  q(
    'provider.resource.delete',
    (a) => a.provider.resource.delete('11labs', 'pronunciation-dictionary', ID, Q),
    'DELETE',
    `/provider/11labs/pronunciation-dictionary/${ID_ENC}`,
  ),
];

/** Dotted names of every function on the client (groups recursed), except the raw `request`. */
function clientMethodNames(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, member]) => {
    if (typeof member === 'function') return key === 'request' && !prefix ? [] : [`${prefix}${key}`];
    return member && typeof member === 'object' ? clientMethodNames(member as object, `${prefix}${key}.`) : [];
  });
}

describe('every route of spec §7 and of the current generation in its families', () => {
  it('lists 193 routes, each once', () => {
    // Spec §7: 7 call + 5 v2 + 7 chat + 6 campaign + 5 session + 1 support + 7 assistant
    // + 7 phone number + 6×5 CRUD families + 3 credential extras + 6 file + 6 workflow
    // + 15 test suite + 1 analytics + 4 log(s) + 11 org + 1 template pinned + 5 voice library
    // + 8 provider/clone = 135.
    // Current generation: 7 call recordings/logs + 1 chat export + 6 v2 campaign + 1 session export
    // + 11 assistant versions/drafts + 10 tool versions/drafts + 9 v2 knowledge base + 5 org
    // + 2 voice library + 1 Vapi voice clone + 5 provider resources = 58.
    expect(rows, 'route rows').toHaveLength(193);
    const keys = rows.map((row) => `${row.method} ${row.path}`);
    expect(new Set(keys).size, `duplicate method+path in ${keys.join(', ')}`).toBe(193);
  });

  it.each(rows)('$name → $method $path', async (row) => {
    server.reset();
    const result = await row.invoke(api);
    expect(result, 'resolves with the parsed JSON response').toEqual({ echo: `${row.method} ${row.path}` });
    expect(server.requests, 'exactly one request').toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method, 'HTTP method').toBe(row.method);
    expect(request?.path, 'encoded path').toBe(row.path);
    expect(request?.query, 'query').toEqual(row.query ?? {});
    if (row.body !== undefined) {
      expect(request?.headers['content-type'], 'JSON content type').toBe('application/json');
      expect(request?.json, 'JSON body').toEqual(row.body);
    } else if (row.method === 'POST' || row.method === 'PATCH' || row.method === 'PUT') {
      expect(request?.headers['content-type'], 'multipart content type').toMatch(/^multipart\/form-data; boundary=/);
    } else {
      expect(request?.text, 'no body on GET/DELETE').toBe('');
    }
    if (row.auth === false) {
      expect(request?.headers.authorization, 'no Authorization on the credential webhook').toBeUndefined();
    } else {
      expect(request?.headers.authorization, 'bearer token').toBe(`Bearer ${TOKEN}`);
    }
  });

  it('covers every method of the client', () => {
    const covered = new Set(rows.map((row) => row.name));
    const methods = clientMethodNames(api);
    expect(
      methods.filter((name) => !covered.has(name)),
      'client methods without a row',
    ).toEqual([]);
    expect(
      [...covered].filter((name) => !methods.includes(name)),
      'rows without a client method',
    ).toEqual([]);
  });
});
