import { describe, expect, it, vi } from 'vitest';
import { createAnalyticsStream, MAX_WAITING, type StreamHost } from '../../../../widget/src/analytics/stream.ts';

/** A stream over a fake page; `tasks` holds what runs "later" until `run()`. */
function setup(options: Partial<StreamHost> & { sinkName?: string | null } = {}) {
  const global: Record<string, unknown> = {};
  const tasks: (() => void)[] = [];
  const host: StreamHost = {
    sink: () => options.sinkName ?? 'datalayer',
    content: () => false,
    callback: () => undefined,
    callbackName: () => null,
    global,
    now: () => 0,
    later: (task) => tasks.push(task),
    ...options,
  };
  const send = createAnalyticsStream(host);
  return { send, global, run: () => tasks.splice(0).forEach((t) => t()) };
}

describe('createAnalyticsStream', () => {
  it('datalayer: pushes { event, ...fields } to window.dataLayer, creating it, keeping what the page had', () => {
    const { send, global } = setup();
    send('open', null);
    expect(global.dataLayer, 'created').toEqual([{ event: 'ringwise_open' }]);
    const page = [{ gtm: 'start' }];
    global.dataLayer = page;
    send('consent', { decision: 'accepted' });
    expect(page, 'appended to the page’s own array').toEqual([
      { gtm: 'start' },
      { event: 'ringwise_consent', decision: 'accepted' },
    ]);
  });

  it('a call end leaves once the task’s events are in, with the reason that followed it', () => {
    const { send, global, run } = setup();
    send('call-start', undefined);
    send('call-end', undefined);
    send('error', { type: 'meeting-ended' });
    expect(
      (global.dataLayer as object[]).map((e) => (e as { event: string }).event),
      'not yet',
    ).toEqual(['ringwise_call_start', 'ringwise_error']);
    run();
    expect((global.dataLayer as object[]).at(-1), 'the end with its reason').toEqual({
      event: 'ringwise_call_end',
      duration_s: 0,
      ended_by: 'error',
    });
  });

  it('callback: the element’s property first, called with (name, fields)', () => {
    const property = vi.fn();
    const global_ = vi.fn();
    const { send, global } = setup({ sinkName: 'callback', callback: () => property, callbackName: () => 'track' });
    global.track = global_;
    send('chat-request', { input: 'secret' });
    expect(property.mock.calls, 'the property').toEqual([['ringwise_chat_message', { count: 1 }]]);
    expect(global_, 'not the global').not.toHaveBeenCalled();
    expect(global.dataLayer, 'no data layer').toBeUndefined();
  });

  it('callback: a global named by analytics-callback, dotted, called on its object (posthog.capture)', () => {
    const seen: unknown[] = [];
    const posthog = {
      name: 'ph',
      capture(this: { name: string }, event: string, props: unknown) {
        seen.push([this.name, event, props]);
      },
    };
    const { send, global } = setup({ sinkName: 'callback', callbackName: () => 'posthog.capture' });
    global.posthog = posthog;
    send('feedback', { rating: 'up', comment: 'x' });
    expect(seen, 'called as a method').toEqual([['ph', 'ringwise_feedback', { rating: 'up' }]]);
  });

  it('callback registered late: earlier events wait for it (open is not lost), at most MAX_WAITING', () => {
    let fn: ((...args: unknown[]) => void) | undefined;
    const { send } = setup({ sinkName: 'callback', callback: () => fn });
    send('open', null);
    for (let i = 0; i < MAX_WAITING + 5; i++) send('chat-request', { input: '' });
    const seen: unknown[][] = [];
    fn = (...args) => seen.push(args);
    send('consent', { decision: 'declined' });
    expect(seen.length, 'the cap plus the new one').toBe(MAX_WAITING + 1);
    expect(seen[0], 'the oldest kept').toEqual(['ringwise_chat_message', { count: 6 }]);
    expect(seen.at(-1), 'the newest last').toEqual(['ringwise_consent', { decision: 'declined' }]);
  });

  it('a throwing sink is logged and the widget goes on; another sink value sends nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { send } = setup({
      sinkName: 'callback',
      callback: () => () => {
        throw new Error('boom');
      },
    });
    expect(() => send('open', null), 'never throws').not.toThrow();
    expect(error, 'logged').toHaveBeenCalledWith('ringwise-voice-call: analytics', expect.any(Error));
    error.mockRestore();
    const off = setup({ sinkName: 'other' });
    off.send('open', null);
    expect(off.global.dataLayer, 'nothing').toBeUndefined();
  });
});

describe('attachAnalytics (the element’s stream)', () => {
  it('reads the sink, the content opt-in and the callback from the element, at each event', async () => {
    const { attachAnalytics } = await import('../../../../widget/src/analytics/stream.ts');
    const attrs = new Map<string, string>([
      ['analytics', 'callback'],
      ['analytics-content', ''],
    ]);
    const global: Record<string, unknown> = {};
    const element = {
      getAttribute: (name: string) => attrs.get(name) ?? null,
      ownerDocument: { defaultView: global },
      analyticsCallback: undefined as unknown,
    };
    const send = attachAnalytics(element as never);
    const seen: unknown[] = [];
    element.analyticsCallback = (...args: unknown[]) => seen.push(args);
    send('chat-request', { input: 'hello' });
    expect(seen, 'the property, with content').toEqual([['ringwise_chat_message', { count: 1, text: 'hello' }]]);
    attrs.set('analytics', 'datalayer');
    send('open', null);
    expect(global.dataLayer, 'the sink follows the attribute').toEqual([{ event: 'ringwise_open' }]);
  });
});
