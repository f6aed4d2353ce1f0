/**
 * The call request's owner (core/call-request.ts): `startNow`, the one "start now" of the launcher,
 * the controller and the site's hero (what it asks for, in the caller's task, and what it never
 * sends), and `CallStarts`, the one-start-at-a-time gate.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeTrack } from '../../../fixtures/fake-call.ts';
import { CallStarts, startNow } from '../../../../widget/src/core/call-request.ts';
import { nextTask } from '../../../../widget/src/core/tasks.ts';
import { DEFAULT_API_BASE_URL } from '../../../../widget/src/api/constants.ts';

function helpers() {
  const requestWebCall = vi.fn(
    (_options: { baseUrl: string; token: string; signal?: AbortSignal }, _target: object) =>
      new Promise<Response>(() => {}),
  );
  const loadDaily = vi.fn(() => new Promise<{ loadSpare(): boolean }>(() => {}));
  return { requestWebCall, loadDaily };
}

describe('startNow', () => {
  it('sends POST /call/web and asks for the Daily adapter at once, and returns the request with its abort', () => {
    const { requestWebCall, loadDaily } = helpers();
    const start = startNow({ token: 'pk', target: { assistantId: 'a' }, requestWebCall, loadDaily });
    expect(requestWebCall, 'sent, on the default API').toHaveBeenCalledWith(
      { baseUrl: DEFAULT_API_BASE_URL, token: 'pk', signal: start.abort!.signal },
      { assistantId: 'a' },
    );
    expect(loadDaily, 'the Daily adapter asked for').toHaveBeenCalledTimes(1);
    expect(start.request, 'the request the engine adopts').toBe(requestWebCall.mock.results[0]!.value);
    start.abort!.abort();
    expect(requestWebCall.mock.calls[0]![0].signal?.aborted, 'its abort cancels it').toBe(true);
  });

  it('sends and loads nothing without a key or a target (the start explains why)', () => {
    for (const options of [
      { token: '', target: { assistantId: 'a' } },
      { token: 'pk', target: {} },
    ]) {
      const { requestWebCall, loadDaily } = helpers();
      expect(startNow({ ...options, requestWebCall, loadDaily })).toEqual({});
      expect(requestWebCall).not.toHaveBeenCalled();
      expect(loadDaily).not.toHaveBeenCalled();
    }
  });

  it('a failed request or load is left to the engine: nothing unhandled, nothing thrown', async () => {
    const requestWebCall = vi.fn((_options: { baseUrl: string }, _target: object): Promise<Response> =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    const loadDaily = vi.fn(() => Promise.reject<{ loadSpare(): boolean }>(new Error('blocked')));
    const start = startNow({
      token: 'pk',
      baseUrl: 'https://api.example',
      target: { squadId: 's' },
      requestWebCall,
      loadDaily,
    });
    await expect(start.request).rejects.toThrow('Failed to fetch');
    expect(requestWebCall.mock.calls[0]![0]).toMatchObject({ baseUrl: 'https://api.example' });
  });

  describe('the call machine, downloading beside the request', () => {
    /** A loader whose Daily adapter is in (warm), with a call object made ahead. */
    function warm() {
      const loadSpare = vi.fn(() => true);
      const loadDaily = vi.fn(() => Promise.resolve({ loadSpare }));
      return { loadDaily, loadSpare };
    }

    it('is asked for in the task after the click’s (the request leaves when the click’s task ends)', async () => {
      const { loadDaily, loadSpare } = warm();
      startNow({ token: 'pk', target: { assistantId: 'a' }, requestWebCall: helpers().requestWebCall, loadDaily });
      await Promise.resolve();
      await Promise.resolve();
      expect(loadSpare, 'not in the click’s task').not.toHaveBeenCalled();
      await nextTask();
      await nextTask();
      expect(loadSpare, 'in the next').toHaveBeenCalledTimes(1);
    });

    it('not for a start cancelled before, nor one that sends nothing', async () => {
      const { loadDaily, loadSpare } = warm();
      startNow({
        token: 'pk',
        target: { assistantId: 'a' },
        requestWebCall: helpers().requestWebCall,
        loadDaily,
      }).abort!.abort();
      startNow({ token: '', target: { assistantId: 'a' }, requestWebCall: helpers().requestWebCall, loadDaily });
      await nextTask();
      await nextTask();
      expect(loadSpare, 'nothing to join').not.toHaveBeenCalled();
    });
  });

  describe('the microphone permission, asked in the same task', () => {
    afterEach(() => vi.unstubAllGlobals());

    function stubMicrophone(settle: () => Promise<{ getTracks(): FakeTrack[] }>) {
      const getUserMedia = vi.fn(settle);
      vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
      return getUserMedia;
    }

    it('asks getUserMedia for audio beside the request and hands its promise to the engine', () => {
      const getUserMedia = stubMicrophone(() => new Promise(() => {}));
      const { requestWebCall, loadDaily } = helpers();
      const start = startNow({ token: 'pk', target: { assistantId: 'a' }, requestWebCall, loadDaily });
      expect(getUserMedia, 'asked now, audio only').toHaveBeenCalledWith({ audio: true });
      expect(start.microphone, 'the promise the engine adopts').toBe(getUserMedia.mock.results[0]!.value);
      expect(requestWebCall.mock.invocationCallOrder[0]!, 'the request leaves first').toBeLessThan(
        getUserMedia.mock.invocationCallOrder[0]!,
      );
    });

    it('a start that is cancelled before the engine adopts it gives the microphone back', async () => {
      const track = new FakeTrack();
      stubMicrophone(async () => ({ getTracks: () => [track] }));
      const start = startNow({ token: 'pk', target: { assistantId: 'a' }, ...helpers() });
      start.abort!.abort();
      await new Promise((resolve) => setImmediate(resolve));
      expect(track.readyState, 'stopped').toBe('ended');
    });

    it('a refusal is left to the engine (nothing unhandled); no key or target: nothing asked', async () => {
      const getUserMedia = stubMicrophone(() =>
        Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })),
      );
      const start = startNow({ token: 'pk', target: { assistantId: 'a' }, ...helpers() });
      await expect(start.microphone, 'the engine reads the refusal').rejects.toMatchObject({ name: 'NotAllowedError' });
      startNow({ token: '', target: { assistantId: 'a' }, ...helpers() });
      startNow({ token: 'pk', target: {}, ...helpers() });
      expect(getUserMedia, 'asked once, for the start that sends').toHaveBeenCalledTimes(1);
    });

    it('a page without mediaDevices (not https): no microphone promise, the engine explains', () => {
      vi.stubGlobal('navigator', {});
      expect(startNow({ token: 'pk', target: { assistantId: 'a' }, ...helpers() }).microphone, 'none').toBeUndefined();
    });
  });
});

describe('CallStarts', () => {
  const TARGET = { assistantId: 'a' };

  function gate() {
    let busy = false;
    const { requestWebCall } = helpers();
    const starts = new CallStarts(() => busy);
    const send = () => startNow({ token: 'pk', target: TARGET, requestWebCall });
    return { starts, requestWebCall, send, setBusy: (value: boolean) => (busy = value) };
  }

  it("sends one request for a start; none while a start or call runs, leaving the caller's request alone", () => {
    const { starts, requestWebCall, send, setBusy } = gate();
    const opened = starts.open({}, () => true, send);
    expect(opened?.sentHere, 'sent by the gate').toBe(true);
    expect(opened?.request, 'the sent request').toBe(requestWebCall.mock.results[0]!.value);
    setBusy(true);
    const early = { request: new Promise<Response>(() => {}), abort: new AbortController() };
    expect(
      starts.open({}, () => true, send),
      'refused while busy',
    ).toBeNull();
    expect(
      starts.open(early, () => true, send),
      'an early request refused too',
    ).toBeNull();
    expect(requestWebCall, 'nothing more sent').toHaveBeenCalledTimes(1);
    expect(early.abort.signal.aborted, "the refused early request is not aborted (it may be the running start's)").toBe(
      false,
    );
  });

  it("adopts the click's request; aborts it when the setup is refused; sends none without a sender", () => {
    const { starts, requestWebCall, send } = gate();
    const early = { request: new Promise<Response>(() => {}), abort: new AbortController() };
    expect(
      starts.open(early, () => true, send),
      'adopted',
    ).toEqual({ ...early, sentHere: false });
    expect(
      starts.open(early, () => false, send),
      'refused setup',
    ).toBeNull();
    expect(early.abort.signal.aborted, 'the early request aborted').toBe(true);
    expect(
      starts.open({}, () => true),
      'no sender: the engine sends its own',
    ).toEqual({ sentHere: false });
    expect(requestWebCall, 'nothing sent').not.toHaveBeenCalled();
  });
});
