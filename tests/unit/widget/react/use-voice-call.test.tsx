// @vitest-environment happy-dom
/**
 * `useVoiceCall` from the package's public React entry, driven by fake voice and chat engines
 * through the engine ports; `fetch` records the requests a click sends before an engine is there.
 */
import { act, StrictMode, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { useVoiceCall, type UseVoiceCallResult } from '@ringwise/voice-widget/react';
import { createFakeChatEngine, type FakeChatEngine } from '../element/fake-chat-engine.ts';
import { createFakeEngine, type FakeEngine } from '../element/fake-voice-engine.ts';
import { flush, getByRole } from '../element/dom-helpers.ts';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
let host: HTMLElement | null = null;
let sent: { url: string; body: unknown; response: Promise<Response> }[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const response = Promise.resolve(new Response('{}', { status: 201 }));
      sent.push({ url, body: JSON.parse(String(init.body)), response });
      return response;
    }),
  );
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

interface Props {
  fake: FakeEngine;
  chat?: FakeChatEngine;
  publicKey: string;
  video?: boolean;
  onResult?: (r: UseVoiceCallResult) => void;
}

function CallButton(props: Props) {
  const call = useVoiceCall({
    publicKey: props.publicKey,
    target: { assistantId: 'asst-1' },
    loadEngine: props.fake.load,
    loadChatEngine: props.chat?.load,
    video: props.video,
  });
  useEffect(() => {
    props.onResult?.(call);
  });
  return (
    <div>
      <button type="button" onClick={() => void call.toggle()} onPointerEnter={call.preload}>
        {call.phase === 'idle' ? 'Talk to Our Agent' : 'Hang Up'}
      </button>
      <p role="status">{call.problem ? call.problem.type : call.phase}</p>
    </div>
  );
}

async function render(element: React.ReactElement) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(element));
  return host;
}

describe('useVoiceCall', () => {
  test('under StrictMode a click makes exactly one client and one call, its request sent at the click', async () => {
    const fake = createFakeEngine();
    const view = await render(
      <StrictMode>
        <CallButton fake={fake} publicKey="pk-1" />
      </StrictMode>,
    );
    expect(fake.loads, 'nothing loads on mount').toBe(0);
    await act(async () => {
      getByRole(view, 'button', 'Talk to Our Agent').click();
      await flush();
    });
    expect(
      sent.map((r) => [r.url, r.body]),
      'POST /call/web sent before the engine loaded',
    ).toEqual([['https://api.vapi.ai/call/web', { assistantId: 'asst-1' }]]);
    expect(fake.clients.length, 'one client').toBe(1);
    expect(fake.client().starts, 'one start').toEqual([{ assistantId: 'asst-1' }]);
    expect((await fake.client().startOptions[0]?.request) === (await sent[0]!.response), 'the engine adopts it').toBe(
      true,
    );
    expect(getByRole(view, 'button', 'Hang Up'), 'Hang Up while starting').toBeTruthy();
    await act(async () => {
      getByRole(view, 'button', 'Hang Up').click();
      await flush();
    });
    await act(async () => {
      getByRole(view, 'button', 'Talk to Our Agent').click();
      await flush();
    });
    expect(fake.clients.length, 'still one client after a second call').toBe(1);
    expect(fake.client().starts.length, 'second call on the same client').toBe(2);
    expect(sent.length, 'the second call is sent at the click too').toBe(2);
    expect(
      (await fake.client().startOptions[1]?.request) === (await sent[1]!.response),
      'and adopted by the loaded engine',
    ).toBe(true);
  });

  test('state follows the client snapshot (video included); unmount ends the call and destroys the client', async () => {
    const fake = createFakeEngine();
    let latest: UseVoiceCallResult | null = null;
    const view = await render(<CallButton fake={fake} publicKey="pk-1" video onResult={(r) => (latest = r)} />);
    await act(async () => {
      getByRole(view, 'button', 'Talk to Our Agent').click();
      await flush();
    });
    const client = fake.client();
    expect(client.options.video, 'video asked for').toBe(true);
    const track = { kind: 'video', id: 'v', readyState: 'live', stop() {} };
    await act(async () => client.update({ state: 'active', speaking: true, volume: 0.4, videoTrack: track }));
    expect([latest!.phase, latest!.speaking, latest!.volume, latest!.videoTrack], 'view').toEqual([
      'active',
      true,
      0.4,
      track,
    ]);
    await act(async () => latest!.setMuted(true));
    expect(latest!.muted, 'muted').toBe(true);
    act(() => root!.unmount());
    root = null;
    expect(client.stops, 'unmount hung up').toBe(1);
    expect(client.destroyed, 'unmount destroyed the client').toBe(true);
    expect(client.handlerCount(), 'no handlers left').toBe(0);
  });

  test('interrupt(): as the element’s Stop, the assistant muted and its unsaid rest marked; false without a call', async () => {
    const fake = createFakeEngine();
    let latest: UseVoiceCallResult | null = null;
    const view = await render(<CallButton fake={fake} publicKey="pk-1" onResult={(r) => (latest = r)} />);
    expect(latest!.interrupt(), 'no call').toBe(false);
    await act(async () => {
      getByRole(view, 'button', 'Talk to Our Agent').click();
      await flush();
    });
    const client = fake.client();
    await act(async () => client.update({ state: 'active', speaking: true }));
    const say = (transcriptType: string, transcript: string) =>
      client.emit('message', { type: 'transcript', role: 'assistant', transcriptType, transcript });
    await act(async () => say('partial', 'We open at'));
    let stopped = false;
    await act(async () => void (stopped = latest!.interrupt()));
    expect(stopped).toBe(true);
    expect(client.assistantMuted, 'the assistant muted (the engine tells the platform)').toBe(true);
    await act(async () => say('final', 'We open at nine.'));
    expect(latest!.conversation.at(-1), 'the rest not heard').toMatchObject({ text: 'We open at', unheard: 'nine.' });
  });

  test('sendText: chat with a streamed reply in the conversation; during a call it joins the call', async () => {
    const fake = createFakeEngine();
    const chat = createFakeChatEngine();
    let latest: UseVoiceCallResult | null = null;
    await render(<CallButton fake={fake} chat={chat} publicKey="pk-1" onResult={(r) => (latest = r)} />);
    await act(async () => {
      void latest!.sendText('Hello');
      await flush();
    });
    expect(
      sent.map((r) => [r.url, r.body]),
      'POST /chat/web sent at once',
    ).toEqual([['https://api.vapi.ai/chat/web', { assistantId: 'asst-1', input: 'Hello', stream: true }]]);
    expect(latest!.chat, 'sending').toBe('sending');
    await act(async () => chat.client().delta('Hi there'));
    expect(latest!.chat, 'streaming').toBe('streaming');
    expect(
      latest!.conversation.map((t) => [t.role, t.text, t.partial]),
      'streamed into the conversation',
    ).toEqual([
      ['user', 'Hello', ''],
      ['assistant', '', 'Hi there'],
    ]);
    await act(async () => {
      chat.client().finish();
      await flush();
    });
    expect(latest!.conversation.at(-1), 'final').toMatchObject({ role: 'assistant', text: 'Hi there', partial: '' });
    expect(fake.loads, 'chat never loads the voice engine').toBe(0);
    await act(async () => {
      void latest!.start();
      await flush();
    });
    await act(async () => fake.client().update({ state: 'active' }));
    await act(async () => {
      void latest!.sendText('Typed in the call');
    });
    expect(fake.client().sent, 'add-message').toEqual([
      { type: 'add-message', message: { role: 'user', content: 'Typed in the call' } },
    ]);
    expect(latest!.conversation.length, 'history kept, typed turn added').toBe(3);
  });

  test('without a public key, start and sendText log an error, load nothing and report not-configured', async () => {
    const fake = createFakeEngine();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let latest: UseVoiceCallResult | null = null;
    const view = await render(<CallButton fake={fake} publicKey="" onResult={(r) => (latest = r)} />);
    await act(async () => {
      getByRole(view, 'button', 'Talk to Our Agent').click();
      await flush();
    });
    expect(error, 'missing client logged').toHaveBeenCalledTimes(1);
    expect(fake.loads, 'does nothing else').toBe(0);
    expect(getByRole(view, 'status').textContent, 'inline problem').toBe('not-configured');
    await act(async () => {
      void latest!.sendText('Hi');
    });
    expect(latest!.problem, 'chat too').toMatchObject({ type: 'not-configured', source: 'chat' });
    expect(sent, 'nothing sent').toEqual([]);
  });

  test('preload on intent loads the engine once', async () => {
    const fake = createFakeEngine();
    const view = await render(<CallButton fake={fake} publicKey="pk" />);
    const button = getByRole(view, 'button', 'Talk to Our Agent');
    await act(async () => {
      button.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
      button.dispatchEvent(new MouseEvent('pointerenter', { bubbles: false }));
      await flush();
    });
    expect(fake.loads, 'engine loaded on intent').toBe(1);
    expect(fake.client().preloads, 'daily preloaded').toBe(1);
  });
});
