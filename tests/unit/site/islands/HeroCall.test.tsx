// @vitest-environment happy-dom
/**
 * The HeroCall island as a visitor sees it, with the voice engine replaced through the hook's
 * engine port by a typed fake (tests/unit/widget/element/fake-voice-engine.ts): 'Talk to Our
 * Agent' starts a call with the configured assistant and becomes 'Hang Up' (spec §2, §4), the
 * status line says what happens, a failure is explained and the button returns, and without a
 * public key the spec's "error logged, nothing happens" holds. The configuration is passed as a
 * prop, so the tests do not depend on the PUBLIC_VOICE_* variables of the machine running them.
 * `fetch` is recorded (a click sends `POST /call/web` before the engine has loaded; nothing may
 * leave the test). Written against roles, names and visible text only. The real engine in a
 * browser: tests/e2e/hero-call.spec.ts.
 */
import './dom-setup.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HeroCall from '../../../../site/islands/HeroCall.tsx';
import * as widgetReact from '@ringwise/voice-widget/react';
import { createFakeEngine, type FakeEngine } from '../../widget/element/fake-voice-engine.ts';
import { ROI_SECTION_ID, SITE_TOOL_REPORTS } from '../../../../site/lib/site-tools.ts';
import { $contactOpen } from '../../../../site/stores/contact.ts';

// The hero's click takes the widget's one "start now" path: spied on, not replaced.
vi.mock('@ringwise/voice-widget/react', async (actual) => {
  const real = await actual<typeof import('@ringwise/voice-widget/react')>();
  return { ...real, startNow: vi.fn(real.startNow) };
});

const VOICE = { publicKey: 'pk-hero', assistantId: 'asst-hero', apiBaseUrl: 'http://127.0.0.1:9/api' };

let engine: FakeEngine;
let requests: { url: string; response: Promise<Response> }[];

beforeEach(() => {
  engine = createFakeEngine();
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      // A Response per request, so a test can tell which request the engine adopted.
      const response = Promise.resolve(new Response('{}', { status: 201 }));
      requests.push({ url, response });
      return response;
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const callButton = (name: string | RegExp) => screen.getByRole('button', { name });
const status = () => screen.getByRole('status');

/** Renders the hero call with the fake engine and presses 'Talk to Our Agent'; resolves once a call is starting. */
async function startCall() {
  const user = userEvent.setup();
  render(<HeroCall loadEngine={engine.load} voice={VOICE} />);
  await user.click(callButton('Talk to Our Agent'));
  await vi.waitFor(() => expect(engine.clients, 'a client was created').toHaveLength(1));
  return { user, client: engine.client() };
}

describe('HeroCall', () => {
  it("starts a call with the configured assistant, and says it is connecting", async () => {
    const { client } = await startCall();
    expect(client.options, 'the public key and API of the site').toMatchObject({ publicKey: 'pk-hero', apiBaseUrl: VOICE.apiBaseUrl });
    expect(client.starts, 'one start, with the assistant id').toEqual([{ assistantId: 'asst-hero' }]);
    expect(await screen.findByRole('button', { name: 'Hang Up' }), "the button offers to hang up").toBeEnabled();
    expect(status()).toHaveTextContent(/connecting/i);
  });

  it('shows that the call is live, with a mute toggle, once the assistant answers', async () => {
    const { user, client } = await startCall();
    act(() => client.update({ state: 'active', stage: null }));
    expect(status()).toHaveTextContent(/listening/i);
    await user.click(callButton('Mute'));
    expect(callButton('Unmute'), 'muted: the button says how to undo it').toBeEnabled();
    expect(status(), 'and the status says so').toHaveTextContent("You're muted — the agent can't hear you");
    expect(client.isMuted(), 'the client was muted').toBe(true);
  });

  it("hangs up from 'Hang Up' and returns to 'Talk to Our Agent'", async () => {
    const { user, client } = await startCall();
    act(() => client.update({ state: 'active', stage: null }));
    await user.click(callButton('Hang Up'));
    expect(client.stops, 'the call was stopped').toBe(1);
    expect(await screen.findByRole('button', { name: 'Talk to Our Agent' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Mute' }), 'no mute without a call').toBeNull();
  });

  it('a click before anything loaded sends POST /call/web at once, and the call adopts it', async () => {
    render(<HeroCall loadEngine={engine.load} voice={VOICE} />);
    // A click with no hover or press first (a keyboard, a fast tap): nothing was fetched yet.
    fireEvent.click(callButton('Talk to Our Agent'));
    expect(requests.map((r) => r.url), 'sent in the click').toEqual([`${VOICE.apiBaseUrl}/call/web`]);
    await vi.waitFor(() => expect(engine.clients, 'the live part loaded and started').toHaveLength(1));
    const adopted = engine.client().startOptions[0]?.request;
    expect((await adopted) === (await requests[0]!.response), 'the engine adopted that request').toBe(true);
    expect(requests, 'no second request').toHaveLength(1);
    expect(widgetReact.startNow, 'sent through the widget’s one start path (the launcher’s and the hook’s)').toHaveBeenCalledWith(
      expect.objectContaining({ token: VOICE.publicKey, baseUrl: VOICE.apiBaseUrl, target: { assistantId: VOICE.assistantId } }),
    );
    expect(await vi.mocked(widgetReact.startNow).mock.results[0]?.value.request, 'whose request the call adopted').toBe(await adopted);
  });

  it('hangs up on Escape during a call', async () => {
    const { user, client } = await startCall();
    act(() => client.update({ state: 'active', stage: null }));
    await user.keyboard('{Escape}');
    expect(client.stops).toBe(1);
  });

  it('explains a failed start and offers the call again', async () => {
    const { client } = await startCall();
    act(() => {
      client.fail('mic-permission-denied');
    });
    expect(await screen.findByRole('button', { name: 'Talk to Our Agent' }), 'back to idle').toBeEnabled();
    expect(status()).toHaveTextContent(/microphone/i);
  });

  it('explains an engine that cannot be loaded, and loads it again on the next try', async () => {
    const user = userEvent.setup();
    engine.failNextLoads(Number.POSITIVE_INFINITY); // offline until the test says otherwise
    render(<HeroCall loadEngine={engine.load} voice={VOICE} />);
    await user.click(callButton('Talk to Our Agent'));
    await vi.waitFor(() => expect(status()).toHaveTextContent(/could not be downloaded/i));
    expect(callButton('Talk to Our Agent'), 'back to idle').toBeEnabled();
    expect(engine.clients, 'no client').toHaveLength(0);
    engine.failNextLoads(0); // back online
    await user.click(callButton('Talk to Our Agent'));
    await vi.waitFor(() => expect(engine.clients, 'the retry loads it').toHaveLength(1));
  });

  it('without a public key: logs an error, starts nothing, requests nothing and explains inline', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<HeroCall loadEngine={engine.load} voice={{ ...VOICE, publicKey: '', assistantId: '' }} />);
    await user.click(callButton('Talk to Our Agent'));
    await vi.waitFor(() => expect(status()).toHaveTextContent("The public key is missing. The site's owner needs to finish setting up this assistant."));
    expect(error, 'the missing client is logged').toHaveBeenCalled();
    expect(requests, 'no request').toEqual([]);
    expect(engine.clients.flatMap((client) => client.starts), 'no call started').toEqual([]);
    expect(callButton('Talk to Our Agent'), 'still idle').toBeEnabled();
  });

  it('runs the demo assistant’s tools: the ROI calculator scrolls into view, the contact form opens, and the assistant is told', async () => {
    const section = document.createElement('section');
    section.id = ROI_SECTION_ID;
    const scrolled = vi.fn();
    section.scrollIntoView = scrolled;
    document.body.append(section);
    $contactOpen.set(false);
    const { client } = await startCall();
    act(() => client.update({ state: 'active' }));
    const toolCalls = (name: string) => ({ type: 'tool-calls', toolCallList: [{ id: `id-${name}`, type: 'function', function: { name, arguments: '{}' } }] });
    act(() => client.emit('message', toolCalls('showRoiCalculator')));
    expect(scrolled, 'scrolled once').toHaveBeenCalledTimes(1);
    act(() => client.emit('message', toolCalls('openContactForm')));
    expect($contactOpen.get(), 'the contact modal’s store is open').toBe(true);
    expect(client.sent, 'each tool tells the assistant what it did, without asking for an answer').toEqual([
      { type: 'add-message', message: { role: 'system', content: SITE_TOOL_REPORTS.showRoiCalculator }, triggerResponseEnabled: false },
      { type: 'add-message', message: { role: 'system', content: SITE_TOOL_REPORTS.openContactForm }, triggerResponseEnabled: false },
    ]);
    section.remove();
    $contactOpen.set(false);
  });
});
