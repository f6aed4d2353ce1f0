/**
 * The controller's side of one conversation across pages (issue 22): kept turns and chat session
 * restored (the next message continues the session), a kept call rejoined through the engine's
 * `reconnect` (no `POST /call/web`), its connect time kept, and the chat handed to a call as
 * silent `add-message` turns. Fake engines stand behind the engine ports.
 */
import { expect, test } from 'vitest';
import { ConversationController } from '../../../../widget/src/conversation/controller.ts';
import { startNow } from '../../../../widget/src/core/call-request.ts';
import { type RequestHelpers } from '../../../../widget/src/conversation/conversation-events.ts';
import { createFakeChatEngine } from '../element/fake-chat-engine.ts';
import { createFakeEngine } from '../element/fake-voice-engine.ts';
import { flush } from '../element/dom-helpers.ts';
import { silentMessage } from '../../../fixtures/app-messages.ts';

const TARGET = { assistantId: 'asst-1' };

function setup() {
  const voice = createFakeEngine();
  const chat = createFakeChatEngine();
  const sent: { path: string; body: unknown }[] = [];
  const record = (path: string) => (_options: unknown, body: unknown) => {
    sent.push({ path, body });
    return new Promise<Response>(() => {});
  };
  const requests = {
    requestWebCall: record('/call/web'),
    requestChatWeb: record('/chat/web'),
  } as unknown as RequestHelpers;
  const controller = new ConversationController({
    loadEngine: voice.load,
    loadChatEngine: chat.load,
    publicKey: 'pk',
    requests,
  });
  return { controller, voice, chat, sent };
}

test('restored turns show at once; the next chat message carries the kept sessionId', async () => {
  const { controller, sent } = setup();
  controller.restore(
    [
      { role: 'user', text: 'Prices?', via: 'text' },
      { role: 'assistant', text: 'From 49 € a month.', via: 'text' },
    ],
    'sess-kept',
  );
  expect(
    controller.getSnapshot().conversation.map((t) => [t.role, t.text]),
    'history',
  ).toEqual([
    ['user', 'Prices?'],
    ['assistant', 'From 49 € a month.'],
  ]);
  expect(controller.sessionId(), 'kept session').toBe('sess-kept');
  void controller.sendText('And per year?', TARGET);
  expect(
    sent.map((r) => r.body),
    'same session',
  ).toEqual([{ assistantId: 'asst-1', input: 'And per year?', sessionId: 'sess-kept' }]);
});

test('rejoin: the engine reconnects to the kept call, no POST /call/web, the connect time goes on', async () => {
  const { controller, voice, sent } = setup();
  const webCall = { id: 'call-1', webCallUrl: 'https://room.example/r1' };
  const joined = controller.rejoin(webCall, 1234);
  await flush();
  expect(await joined, 'joined').toBe(true);
  expect(voice.client().reconnects, 'reconnected to the kept call').toEqual([webCall]);
  expect(voice.client().starts, 'no new start').toEqual([]);
  expect(sent, 'no request').toEqual([]);
  expect(controller.getSnapshot(), 'active, elapsed from the first connect').toMatchObject({
    phase: 'active',
    connectedAt: 1234,
  });
  expect(controller.liveCall(), 'handed on again at the next page').toEqual({ webCall, connectedAt: 1234 });
});

test('rejoin of a call that is gone: false, a problem, idle; nothing hangs', async () => {
  const { controller, voice } = setup();
  await controller.preload();
  await flush();
  voice.client().reconnectFails = true;
  expect(await controller.rejoin({ id: 'gone', webCallUrl: 'https://room.example/gone' }, 1), 'not joined').toBe(false);
  expect(controller.getSnapshot().phase, 'idle').toBe('idle');
  expect(controller.liveCall(), 'no call').toBeNull();
});

test('a call after a chat: the chat goes into the call as silent add-message turns, in order', async () => {
  const { controller, voice, chat } = setup();
  const reply = controller.sendText('Do you open on Sundays?', TARGET);
  await flush();
  chat.client().delta('No, Monday to Saturday.');
  chat.client().finish();
  await reply;
  const started = controller.start(TARGET);
  await flush();
  const client = voice.client();
  client.update({ state: 'active' });
  client.finishStart({ id: 'c1', webCallUrl: 'https://room.example/c1' });
  expect(await started, 'started').toBe(true);
  expect(client.sent, 'the conversation so far, without a reply').toEqual([
    silentMessage('user', 'Do you open on Sundays?'),
    silentMessage('assistant', 'No, Monday to Saturday.'),
  ]);
  expect(controller.getSnapshot().conversation, 'one continuous transcript (nothing added to it)').toHaveLength(2);
});

test('a call with no chat before it adds nothing', async () => {
  const { controller, voice } = setup();
  const started = controller.start(TARGET);
  await flush();
  voice.client().update({ state: 'active' });
  voice.client().finishStart({ id: 'c1', webCallUrl: 'u' });
  await started;
  expect(voice.client().sent, 'nothing').toEqual([]);
});

test('keepRoom (persist): the call’s own request and the engine’s start both keep the room', async () => {
  const voice = createFakeEngine();
  const sent: { body: unknown }[] = [];
  const requests = {
    requestWebCall: (_o: unknown, body: unknown) => (sent.push({ body }), new Promise<Response>(() => {})),
    requestChatWeb: () => new Promise<Response>(() => {}),
  } as unknown as RequestHelpers;
  const controller = new ConversationController({
    loadEngine: voice.load,
    publicKey: 'pk',
    requests,
    startNow: () => startNow,
    keepRoom: () => true,
  });
  void controller.start(TARGET);
  expect(
    sent.map((r) => r.body),
    'the room outlives the page',
  ).toEqual([{ assistantId: 'asst-1', roomDeleteOnUserLeaveEnabled: false }]);
  await flush();
  expect(voice.client().startOptions[0], 'and the engine is told (page hide leaves, never ends)').toMatchObject({
    roomDeleteOnUserLeaveEnabled: false,
  });
});
