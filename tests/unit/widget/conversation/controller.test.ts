/**
 * `ConversationController` (controller.ts) without any DOM: early requests and their adoption,
 * the one conversation across voice and text, chat streaming and failures, call duration, client
 * lifecycle and event forwarding. Fake engines stand behind the engine ports.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ConversationController } from '../../../../widget/src/conversation/controller.ts';
import { startNow } from '../../../../widget/src/core/call-request.ts';
import { type RequestHelpers } from '../../../../widget/src/conversation/conversation-events.ts';
import type { CallTarget } from '../../../../widget/src/core/types.ts';
import { createFakeChatEngine } from '../element/fake-chat-engine.ts';
import { createFakeEngine } from '../element/fake-voice-engine.ts';
import { flush } from '../element/dom-helpers.ts';

const TARGET: CallTarget = { assistantId: 'asst-1' };

/** Request helpers that record what was sent and the abort signal it was sent with. */
function recordingRequests() {
  const sent: { path: string; body: unknown; signal?: AbortSignal; response: Promise<Response> }[] = [];
  const record = (path: string) => (options: { signal?: AbortSignal }, body: unknown) => {
    const response = new Promise<Response>(() => {});
    sent.push({ path, body, signal: options.signal, response });
    return response;
  };
  const requests = {
    requestWebCall: record('/call/web'),
    requestChatWeb: record('/chat/web'),
  } as unknown as RequestHelpers;
  return { sent, requests };
}

function setup(options: { publicKey?: string | null } = {}) {
  const voice = createFakeEngine();
  const chat = createFakeChatEngine();
  const { sent, requests } = recordingRequests();
  const events: [string, unknown][] = [];
  const controller = new ConversationController({
    loadEngine: voice.load,
    loadChatEngine: chat.load,
    publicKey: 'publicKey' in options ? options.publicKey : 'pk',
    requests,
    startNow: () => startNow,
    onEvent: (event, payload) => events.push([event, payload]),
  });
  return { controller, voice, chat, sent, events };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ConversationController: calls', () => {
  test('start sends POST /call/web before the engine loads and hands it over; later starts too, a task before the engine starts', async () => {
    const { controller, voice, sent } = setup();
    const started = controller.start(TARGET);
    expect(
      sent.map((r) => [r.path, r.body]),
      'sent at once',
    ).toEqual([['/call/web', TARGET]]);
    expect(controller.getSnapshot().phase, 'loading the engine').toBe('loading');
    await flush();
    const client = voice.client();
    expect(client.startOptions[0]?.request, 'adopted').toBe(sent[0]!.response);
    client.update({ state: 'active' });
    client.finishStart({ id: 'c', webCallUrl: 'u' });
    expect(await started, 'started').toBe(true);
    client.stop();
    await flush(); // ending → idle, as the core
    void controller.start(TARGET);
    expect(sent.length, 'the second request sent at once too').toBe(2);
    // The loaded engine's start is a long task; the request leaves the page when the task ends.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(client.starts.length, 'the engine starts in a later task').toBe(1);
    await flush();
    expect(client.startOptions[1]?.request, 'and adopts it').toBe(sent[1]!.response);
    expect(sent.length, 'one request per call').toBe(2);
  });

  test("the microphone asked at the click goes to the engine with the request: the one the caller passes, else the controller's own startNow", async () => {
    const { controller, voice } = setup();
    const microphone = new Promise<{ getTracks(): [] }>(() => {});
    const clickedAt = 1234.5;
    void controller.start(TARGET, {
      request: new Promise(() => {}),
      abort: new AbortController(),
      microphone,
      clickedAt,
    });
    await flush();
    const client = voice.client();
    expect(client.startOptions[0]?.microphone, "the caller's (the start file's) microphone request").toBe(microphone);
    expect(client.startOptions[0]?.clickedAt, 'with the click’s time (where latency starts)').toBe(clickedAt);
    client.stop();
    await flush();
    const getUserMedia = vi.fn(() => new Promise<never>(() => {}));
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
    try {
      void controller.start(TARGET);
      expect(getUserMedia, "asked in the call button's task").toHaveBeenCalledTimes(1);
      await flush();
      expect(client.startOptions[1]?.microphone, 'its own request handed over').toBe(
        getUserMedia.mock.results[0]!.value,
      );
      expect(client.startOptions[1]?.clickedAt, 'and its own click time').toEqual(expect.any(Number));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test('one start at a time: a second start while one runs sends no second POST /call/web (a second billed call)', async () => {
    const { controller, voice, sent } = setup();
    void controller.start(TARGET);
    const second = controller.start(TARGET);
    expect(
      sent.map((r) => r.path),
      'one request while the engine loads',
    ).toEqual(['/call/web']);
    expect(await second, 'the second start is refused').toBe(false);
    await flush();
    const client = voice.client();
    client.update({ state: 'active' });
    client.finishStart({ id: 'c', webCallUrl: 'u' });
    await flush();
    void controller.start(TARGET);
    expect(sent.length, 'still one request during the call').toBe(1);
    await flush();
    expect(client.starts.length, 'the engine started once').toBe(1);
  });

  test('a start after a cancel sends one request', async () => {
    const { controller, sent } = setup();
    void controller.start(TARGET);
    controller.stop();
    expect(sent[0]!.signal?.aborted, "the cancelled start's request is aborted").toBe(true);
    await flush();
    void controller.start(TARGET);
    expect(
      sent.map((r) => r.path),
      'the new start sent its own',
    ).toEqual(['/call/web', '/call/web']);
    expect(sent[1]!.signal?.aborted, 'and it is live').toBe(false);
  });

  test('a request sent by the loader is used as is; stop during the engine load aborts it', async () => {
    const { controller, voice, sent } = setup();
    const abort = new AbortController();
    const request = new Promise<Response>(() => {});
    void controller.start(TARGET, { request, abort });
    expect(sent, 'no second request').toEqual([]);
    controller.stop();
    expect(abort.signal.aborted, 'the early request is aborted').toBe(true);
    await flush();
    expect(
      voice.clients.flatMap((c) => c.starts),
      'nothing started',
    ).toEqual([]);
    expect(controller.getSnapshot().phase, 'idle').toBe('idle');
  });

  test('a start that cannot begin aborts the request it was given', async () => {
    const { controller } = setup({ publicKey: '' });
    const abort = new AbortController();
    expect(await controller.start(TARGET, { request: new Promise(() => {}), abort }), 'refused').toBe(false);
    expect(abort.signal.aborted, 'aborted').toBe(true);
    expect(controller.getSnapshot().problem, 'explained').toMatchObject({ type: 'not-configured', source: 'call' });
  });

  test('an engine that fails to load: problem, error event, the request aborted; the next start loads again', async () => {
    const { controller, voice, sent, events } = setup();
    voice.failNextLoads(1);
    expect(await controller.start(TARGET), 'failed').toBe(false);
    expect(controller.getSnapshot().problem, 'problem').toMatchObject({ type: 'engine-load-failed', source: 'call' });
    expect(sent[0]!.signal?.aborted, 'its request aborted').toBe(true);
    expect(
      events.map(([event, payload]) => [event, (payload as { type?: string }).type]),
      'error event',
    ).toEqual([['error', 'engine-load-failed']]);
    void controller.start(TARGET);
    await flush();
    expect(voice.loads, 'loaded again').toBe(2);
    expect(voice.client().starts.length, 'started').toBe(1);
  });

  test('the duration of a call, from connected to ended, and the ended flag', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { controller, voice } = setup();
    void controller.start(TARGET);
    await flush();
    voice.client().update({ state: 'active' });
    vi.setSystemTime(Date.now() + 61_400);
    voice.client().update({ state: 'reconnecting' });
    voice.client().update({ state: 'active' });
    voice.client().stop();
    expect(controller.getSnapshot().phase, 'ending first, as the core').toBe('ending');
    await flush();
    expect(controller.getSnapshot(), 'ended after 61 s').toMatchObject({ ended: true, duration: 61 });
    controller.dismiss();
    expect(controller.getSnapshot().ended, 'dismissed').toBe(false);
  });

  test('transcripts: partial replaced by final, one turn per speaker, typed turns stay apart', async () => {
    const { controller, voice } = setup();
    void controller.start(TARGET);
    await flush();
    const client = voice.client();
    client.update({ state: 'active' });
    const say = (role: string, transcriptType: string, transcript: string) =>
      client.emit('message', { type: 'transcript', role, transcriptType, transcript });
    say('assistant', 'partial', 'Good');
    say('assistant', 'final', 'Good morning.');
    say('assistant', 'partial', 'How');
    const turns = () => controller.getSnapshot().conversation.map((t) => [t.role, t.text, t.partial, t.via]);
    expect(turns(), 'final text and live partial in one turn').toEqual([
      ['assistant', 'Good morning.', 'How', 'voice'],
    ]);
    say('assistant', 'final', 'How can I help?');
    say('user', 'final', 'Hi.');
    void controller.sendText('  typed  ', TARGET);
    say('user', 'final', 'Spoken again.');
    expect(turns(), 'turns').toEqual([
      ['assistant', 'Good morning. How can I help?', '', 'voice'],
      ['user', 'Hi.', '', 'voice'],
      ['user', 'typed', '', 'text'],
      ['user', 'Spoken again.', '', 'voice'],
    ]);
    expect(client.sent, 'typed text joined the call').toEqual([
      { type: 'add-message', message: { role: 'user', content: 'typed' } },
    ]);
    client.emit('message', { type: 'status-update', status: 'in-progress' });
    expect(controller.getSnapshot().conversation.length, 'other messages are not turns').toBe(4);
  });

  test('typing is refused while a call connects or ends, and empty text is never sent', async () => {
    const { controller, voice } = setup();
    expect(await controller.sendText('   ', TARGET), 'empty').toBe(false);
    void controller.start(TARGET);
    await flush();
    expect(await controller.sendText('now?', TARGET), 'connecting').toBe(false);
    voice.client().update({ state: 'ending' });
    expect(await controller.sendText('now?', TARGET), 'ending').toBe(false);
    expect(controller.getSnapshot().conversation, 'nothing added').toEqual([]);
  });
});

describe('ConversationController: chat', () => {
  test('sendText streams a reply into the conversation; the first message is sent before the engine loads', async () => {
    const { controller, chat, sent, events } = setup();
    const reply = controller.sendText('Hello', TARGET);
    expect(
      sent.map((r) => [r.path, r.body]),
      'sent at once (the helper adds stream: true)',
    ).toEqual([['/chat/web', { assistantId: 'asst-1', input: 'Hello' }]]);
    expect(controller.getSnapshot().chat, 'sending').toBe('sending');
    await flush();
    const client = chat.client();
    expect(client.sends[0]?.options?.request, 'adopted').toBe(sent[0]!.response);
    client.delta('Hi');
    client.delta(' there');
    expect(
      controller.getSnapshot().conversation.map((t) => [t.role, t.text, t.partial]),
      'streaming',
    ).toEqual([
      ['user', 'Hello', ''],
      ['assistant', '', 'Hi there'],
    ]);
    client.finish();
    expect(await reply, 'done').toBe(true);
    expect(controller.getSnapshot().conversation.at(-1), 'final').toMatchObject({ text: 'Hi there', partial: '' });
    expect(
      events.map(([event]) => event).filter((event) => event.startsWith('chat-')),
      'chat events forwarded, state-change renamed',
    ).toEqual(expect.arrayContaining(['chat-request', 'chat-delta', 'chat-reply']));
  });

  test('a second message while a reply streams is refused', async () => {
    const { controller, chat } = setup();
    void controller.sendText('One', TARGET);
    await flush();
    expect(await controller.sendText('Two', TARGET), 'refused').toBe(false);
    expect(chat.client().sends.length, 'one send').toBe(1);
  });

  test('a failed reply: problem (source chat), the empty reply goes; retryChat sends the same text again', async () => {
    const { controller, chat, events } = setup();
    const reply = controller.sendText('Hello', TARGET);
    await flush();
    chat.client().fail('api-error', { status: 500 });
    expect(await reply, 'failed').toBe(false);
    expect(controller.getSnapshot().problem, 'problem').toMatchObject({
      type: 'api-error',
      status: 500,
      source: 'chat',
    });
    expect(
      controller.getSnapshot().conversation.map((t) => t.role),
      'only the message',
    ).toEqual(['user']);
    expect(
      events.some(([event]) => event === 'error'),
      'error event',
    ).toBe(true);
    void controller.retryChat(TARGET);
    expect(controller.getSnapshot().problem, 'cleared by the retry').toBeNull();
    await flush();
    expect(
      chat.client().sends.map((s) => s.input),
      'sent again',
    ).toEqual(['Hello', 'Hello']);
  });

  test('stopReply aborts the stream (and an early request) and keeps what arrived', async () => {
    const { controller, chat, sent } = setup();
    void controller.sendText('Hello', TARGET);
    controller.stopReply();
    expect(sent[0]!.signal?.aborted, 'early request aborted').toBe(true);
    expect(
      controller.getSnapshot().conversation.map((t) => t.role),
      'nothing arrived: no reply turn',
    ).toEqual(['user']);
    void controller.sendText('Again', TARGET);
    await flush();
    chat.client().delta('Par');
    controller.stopReply();
    expect(chat.client().stops, 'stream stopped').toBe(1);
    expect(controller.getSnapshot().conversation.at(-1), 'partial kept').toMatchObject({
      role: 'assistant',
      text: 'Par',
      partial: '',
    });
    expect(controller.getSnapshot().chat, 'idle').toBe('idle');
  });

  test('Turn.rewrites counts only changes that do not extend the text, so a renderer may append the rest', async () => {
    const { controller, chat, voice } = setup();
    void controller.sendText('Hello', TARGET);
    await flush();
    const client = chat.client();
    const reply = () => controller.getSnapshot().conversation.at(-1)!;
    client.delta('Par');
    client.delta('tial');
    expect([reply().partial, reply().rewrites ?? 0], 'deltas extend').toEqual(['Partial', 0]);
    client.update({ reply: 'Whole answer' });
    client.emit('chat-delta', { delta: 'Whole answer', text: 'Whole answer', replaced: true });
    expect([reply().partial, reply().rewrites], 'a full output that replaced the text is a rewrite').toEqual([
      'Whole answer',
      1,
    ]);
    client.finish('s', 'length');
    await flush();
    expect(reply(), 'final, with why it was cut').toMatchObject({ text: 'Whole answer', partial: '', cut: 'length' });

    void controller.start(TARGET);
    await flush();
    const call = voice.client();
    call.update({ state: 'active' });
    const say = (transcriptType: string, transcript: string) =>
      call.emit('message', { type: 'transcript', role: 'user', transcriptType, transcript });
    const spoken = () => controller.getSnapshot().conversation.at(-1)!;
    say('partial', 'Hel');
    say('partial', 'Hello');
    expect(spoken().rewrites ?? 0, 'a partial that grows').toBe(0);
    say('partial', 'Help');
    expect(spoken().rewrites, 'a partial that corrects itself').toBe(1);
  });

  test('without loadChatEngine, the ChatClient of the voice engine module is used (or a clear error)', async () => {
    const voice = createFakeEngine();
    const chat = createFakeChatEngine();
    const withChat = new ConversationController({
      publicKey: 'pk',
      loadEngine: async () => ({ ...(await voice.load()), ...(await chat.load()) }),
    });
    void withChat.sendText('Hi', TARGET);
    await flush();
    expect(chat.client().sends.length, 'the engine module’s ChatClient').toBe(1);
    const without = new ConversationController({ publicKey: 'pk', loadEngine: voice.load });
    expect(await without.sendText('Hi', TARGET), 'failed').toBe(false);
    expect(without.getSnapshot().problem, 'explained').toMatchObject({
      type: 'engine-load-failed',
      message: 'The engine module has no ChatClient.',
    });
  });
});

describe('ConversationController: clients', () => {
  test('a new key replaces idle clients, not a running call; release destroys both and forgets the conversation', async () => {
    const { controller, voice, chat } = setup();
    void controller.preload('call');
    void controller.preload('chat');
    await flush();
    expect(voice.client().preloads, 'daily preloaded').toBe(1);
    controller.configure({ publicKey: 'pk-2' });
    void controller.preload('call');
    await flush();
    expect([voice.clients.length, voice.clients[0]!.destroyed], 'replaced').toEqual([2, true]);
    void controller.start(TARGET);
    await flush();
    voice.client().update({ state: 'active' });
    controller.configure({ publicKey: 'pk-3' });
    expect(voice.client().destroyed, 'a running call keeps its client').toBe(false);
    void controller.sendText('typed', TARGET);
    controller.release();
    expect(
      [voice.client().stops, voice.client().destroyed, voice.client().handlerCount(), voice.client().listeners.size],
      'voice client gone',
    ).toEqual([1, true, 0, 0]);
    expect(
      chat.clients.every((c) => c.destroyed && c.handlerCount() === 0),
      'chat clients gone',
    ).toBe(true);
    expect(controller.getSnapshot().conversation, 'conversation forgotten').toEqual([]);
  });

  test('preload without a key does nothing', async () => {
    const { controller, voice } = setup({ publicKey: null });
    void controller.preload();
    await flush();
    expect(voice.loads, 'nothing loaded').toBe(0);
  });
});

describe('ConversationController: the host page and the live call', () => {
  /** A controller with a call running on the fake engine. */
  async function inCall(
    options: { clientTools?: () => Record<string, (args: object) => void>; onEvent?: (event: string) => unknown } = {},
  ) {
    const voice = createFakeEngine();
    const events: [string, unknown][] = [];
    const controller = new ConversationController({
      loadEngine: voice.load,
      publicKey: 'pk',
      dailyConfig: { bundlePathOverride: 'https://cdn.example.com/daily/' },
      clientTools: options.clientTools,
      onEvent: (event, payload) => (events.push([event, payload]), options.onEvent?.(event)),
    });
    void controller.start(TARGET);
    await flush();
    const client = voice.client();
    client.update({ state: 'active' });
    return { controller, client, events };
  }

  test('send, say and addMessage go to the live call as the platform messages', async () => {
    const { controller, client } = await inCall();
    controller.send({ type: 'control', control: 'mute-assistant' });
    controller.say('Goodbye!', true);
    controller.addMessage({ role: 'system', content: 'The contact form is open.' }, { triggerResponseEnabled: false });
    expect(client.sent).toEqual([
      { type: 'control', control: 'mute-assistant' },
      { type: 'say', message: 'Goodbye!', endCallAfterSpoken: true },
      {
        type: 'add-message',
        message: { role: 'system', content: 'The contact form is open.' },
        triggerResponseEnabled: false,
      },
    ]);
    expect(controller.getSnapshot().conversation, 'context is not a turn').toEqual([]);
  });

  test('without a call they do nothing; what the client throws becomes an error event', async () => {
    const idle = setup();
    expect(() => idle.controller.addMessage({ role: 'system', content: 'x' })).not.toThrow();
    const { controller, client, events } = await inCall();
    const invalid = Object.assign(new Error('addMessage needs a message with a string role and content.'), {
      type: 'validation-error',
    });
    vi.spyOn(client, 'addMessage').mockImplementation(() => {
      throw invalid;
    });
    expect(() => controller.addMessage({ role: 'system' } as never)).not.toThrow();
    expect(events.filter(([event]) => event === 'error').map(([, e]) => e)).toEqual([invalid]);
  });

  test('the Daily config reaches the voice client; configure changes it for the next one', async () => {
    const voice = createFakeEngine();
    const controller = new ConversationController({
      loadEngine: voice.load,
      publicKey: 'pk',
      dailyConfig: { bundlePathOverride: '/a/' },
    });
    void controller.start(TARGET);
    await flush();
    expect(voice.client().options.dailyConfig).toEqual({ bundlePathOverride: '/a/' });
    controller.stop();
    voice.client().update({ state: 'idle' });
    // A new key replaces the idle client: the new one gets the new config.
    controller.configure({ publicKey: 'pk-2', dailyConfig: { bundlePathOverride: '/b/', avoidEval: true } });
    void controller.start(TARGET);
    await flush();
    expect(voice.clients.map((c) => c.options.dailyConfig)).toEqual([
      { bundlePathOverride: '/a/' },
      { bundlePathOverride: '/b/', avoidEval: true },
    ]);
  });

  test('a tool-calls message: tool-call event, then the function once with its arguments', async () => {
    const showRoi = vi.fn();
    const { client, events } = await inCall({ clientTools: () => ({ showRoi }) });
    const message = {
      type: 'tool-calls',
      toolCallList: [{ id: 'c1', type: 'function', function: { name: 'showRoi', arguments: '{"focus":"savings"}' } }],
    };
    client.emit('message', message);
    expect(showRoi).toHaveBeenCalledTimes(1);
    expect(showRoi).toHaveBeenCalledWith(
      { focus: 'savings' },
      { id: 'c1', name: 'showRoi', arguments: { focus: 'savings' } },
    );
    expect(
      events.map(([event]) => event).filter((e) => e !== 'state-change'),
      'the message first, then the call',
    ).toEqual(['message', 'tool-call']);
  });

  test('an unknown tool is one error event (none when onEvent returns false for tool-call); the latest tools are used', async () => {
    let tools: Record<string, (args: object) => void> = {};
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, events } = await inCall({ clientTools: () => tools });
    const call = (name: string) => ({
      type: 'tool-calls',
      toolCallList: [{ id: name, type: 'function', function: { name } }],
    });
    client.emit('message', call('openForm'));
    const errors = () => events.filter(([event]) => event === 'error').map(([, e]) => (e as { type: string }).type);
    expect(errors()).toEqual(['unknown-tool']);
    expect(consoleError, 'logged once for the site owner').toHaveBeenCalledTimes(1);
    const openForm = vi.fn();
    tools = { openForm };
    client.emit('message', call('openForm'));
    expect(openForm, 'tools are read at each message').toHaveBeenCalledTimes(1);
    expect(errors()).toEqual(['unknown-tool']);
    consoleError.mockRestore();

    const taken = await inCall({ onEvent: (event) => (event === 'tool-call' ? false : undefined) });
    taken.client.emit('message', call('openForm'));
    expect(
      taken.events.filter(([event]) => event === 'error'),
      'taken by the sink',
    ).toEqual([]);
  });

  test('fail shows a problem and sends it as an error event', () => {
    const { controller, events } = setup();
    expect(controller.fail('invalid-overrides', 'Invalid assistant-overrides', 'chat')).toBe(false);
    expect(controller.getSnapshot().problem).toEqual({
      type: 'invalid-overrides',
      message: 'Invalid assistant-overrides',
      source: 'chat',
    });
    expect(events.map(([event, e]) => [event, (e as { type: string }).type])).toEqual([['error', 'invalid-overrides']]);
  });
});

test('an engine module without runClientTools: tool calls run nothing, and the console says why once', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  const voice = createFakeEngine();
  const tool = vi.fn();
  const controller = new ConversationController({
    loadEngine: async () => ({ VoiceClient: (await voice.load()).VoiceClient }),
    publicKey: 'pk',
    clientTools: () => ({ tool }),
  });
  void controller.start(TARGET);
  await flush();
  const message = { type: 'tool-calls', toolCallList: [{ id: 't', type: 'function', function: { name: 'tool' } }] };
  voice.client().emit('message', message);
  voice.client().emit('message', message);
  expect(tool).not.toHaveBeenCalled();
  expect(consoleError).toHaveBeenCalledExactlyOnceWith(
    'ringwise-voice-call: The voice engine module has no runClientTools: client tools cannot run.',
  );
  consoleError.mockRestore();
});
