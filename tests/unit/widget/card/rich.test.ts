// @vitest-environment happy-dom
/**
 * A richer conversation in the card (issue 26), with the real card and fake engines: formatted
 * answers (the visitor's text never), suggested replies (starters, `suggest_replies` and how its
 * row retires), feedback (thumbs, the end rating, events with their ids, the keepalive POST) and
 * the hand-over (its event, and the call ended only after the assistant's last words).
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { allByRole, flush, frame, getByRole, queryByRole } from '../element/dom-helpers.ts';
import { mount, open, type, type Mounted } from '../element/harness.ts';

const CHAT = { 'public-key': 'pk', 'assistant-id': 'asst-1', mode: 'chat' };
const VOICE = { 'public-key': 'pk', 'assistant-id': 'asst-1', mode: 'voice', transcript: '' };

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** Waits (a few tasks at most) until `found()` gives something: the suggestions' own file loads first. */
async function until<T>(found: () => T | null): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = found();
    if (value) return value;
    await flush();
  }
  throw new Error('never appeared');
}

/** The detail of every `ringwise-<name>` event of the element. */
function events(mounted: Mounted, name: string): unknown[] {
  const seen: unknown[] = [];
  mounted.el.addEventListener(`ringwise-${name}`, (event) => seen.push((event as CustomEvent).detail));
  return seen;
}

/** Opens a chat, sends `question` and streams `answer` as the reply. */
async function chatReply(attributes: Record<string, string>, question: string, answer: string) {
  const mounted = await mount({ ...CHAT, ...attributes });
  await open(mounted);
  type(mounted.shadow, question);
  await flush();
  const client = mounted.modules.chat.client();
  client.delta(answer);
  client.finish('session-7');
  await flush();
  await frame();
  // A reply with markup has the card load the renderer's file (a few tasks), then draw it again: the
  // file warms the card's layout a part per task first (markdown-file.ts's warmLayout, 8 parts).
  if (mounted.modules.loads.includes('markdown')) {
    await mounted.modules.load('markdown');
    for (let task = 0; task < 12; task++) await flush();
    await frame();
  }
  const turns = [...mounted.shadow.querySelectorAll('[part=turn]')];
  return { mounted, client, user: turns[0]!, reply: turns[1]! };
}

/** A call that is up (voice: the launcher starts it; hybrid: the card's call button), with the transcript shown. */
async function liveCall(attributes: Record<string, string> = {}) {
  const mounted = await mount({ ...VOICE, ...attributes });
  await open(mounted);
  if (attributes.mode === 'hybrid') {
    getByRole(mounted.shadow, 'button', 'Start a call').click();
    await flush();
  }
  const client = mounted.modules.voice.client();
  client.connect({ id: 'call-9', webCallUrl: 'https://example.invalid/room' });
  await flush();
  return { mounted, client };
}

describe('formatted answers', () => {
  test("the assistant's Markdown is formatted; hostile HTML and links stay text; the visitor's text never is", async () => {
    const { user, reply } = await chatReply(
      { 'link-hosts': 'ringwise.example' },
      '**not bold** <b>mine</b>',
      '**Yes.** See [pricing](https://ringwise.example/p), [this](https://evil.example/x) or [x](javascript:alert(1)).\n\n- one\n- two\n\n<img src=x onerror="alert(1)"><script>alert(1)</script>',
    );
    expect(reply.querySelector('strong')?.textContent, 'bold').toBe('Yes.');
    expect(reply.querySelectorAll('li').length, 'a list').toBe(2);
    expect(
      [...reply.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.target, a.rel]),
      'one link, in a new tab',
    ).toEqual([['https://ringwise.example/p', '_blank', 'noopener noreferrer']]);
    expect(reply.querySelectorAll('img, script').length, 'no element from the HTML').toBe(0);
    expect(reply.textContent, 'the HTML shown as text').toContain(
      '<img src=x onerror="alert(1)"><script>alert(1)</script>',
    );
    expect(user.querySelector('strong, b'), "the visitor's words are not formatted").toBeNull();
    expect(user.textContent, 'shown as typed').toBe('You: **not bold** <b>mine</b>');
  });

  test('the renderer is its own file (issue 35): a plain reply never loads it', async () => {
    const plain = await chatReply({}, 'Hi', 'Hello, how can I help you today?');
    expect(plain.mounted.modules.loads, 'no markup: no Markdown file').not.toContain('markdown');
    expect(plain.reply.textContent, 'the reply in full').toContain('Hello, how can I help you today?');
  });

  test('the first reply with markup loads the renderer’s file and is drawn again, formatted', async () => {
    const marked = await chatReply({}, 'Hi', 'We open at **9am**.');
    expect(marked.mounted.modules.loads, 'markup: the file loaded').toContain('markdown');
    expect(marked.reply.querySelector('strong')?.textContent, 'drawn again, formatted').toBe('9am');
    expect(marked.reply.textContent, 'nothing shown twice').toBe('Agent: We open at 9am.');
  });
});

describe('suggested replies', () => {
  test('chat starters: up to four buttons in an empty conversation; a tap sends the text as the first message', async () => {
    const mounted = await mount({ ...CHAT, suggestions: 'Prices?|Opening hours|Book a visit|Where are you?|Fifth' });
    await open(mounted);
    // The suggestions' file (voice-widget-rich.js) loads once the card sees the attribute.
    const group = await until(() => queryByRole(mounted.shadow, 'group', 'Suggested replies'));
    const buttons = allByRole(group, 'button');
    expect(
      buttons.map((b) => b.textContent),
      'four starters',
    ).toEqual(['Prices?', 'Opening hours', 'Book a visit', 'Where are you?']);
    buttons[1]!.click();
    await flush();
    expect(
      mounted.modules.chat.client().sends.map((s) => s.input),
      'sent as the first message',
    ).toEqual(['Opening hours']);
    expect(queryByRole(mounted.shadow, 'group', 'Suggested replies'), 'gone once the conversation began').toBeNull();
  });

  test('voice starters: a tap starts the call and adds the text as the first turn once connected', async () => {
    const mounted = await mount({ ...VOICE, suggestions: '["What does it cost?"]' });
    // Voice: the launcher would start a call; the card opened without one shows the starters.
    mounted.el.open();
    (await until(() => queryByRole(mounted.shadow, 'button', 'What does it cost?'))).click();
    await flush();
    const client = mounted.modules.voice.client();
    expect(client.starts.length, 'the call starts').toBe(1);
    expect(client.sent, 'nothing before it is up').toEqual([]);
    client.connect();
    await flush();
    expect(client.sent, 'the first turn').toEqual([
      { type: 'add-message', message: { role: 'user', content: 'What does it cost?' } },
    ]);
  });

  test('suggest_replies: buttons under the latest message; a tap answers; the row retires when answered or when the visitor types', async () => {
    const { mounted, client } = await liveCall({ mode: 'hybrid' });
    client.emit('message', {
      type: 'transcript',
      role: 'assistant',
      transcriptType: 'final',
      transcript: 'Shall I book you in?',
    });
    const offer = (options: string[]) =>
      client.emit('message', {
        type: 'tool-calls',
        toolCallList: [
          { id: 't', type: 'function', function: { name: 'suggest_replies', arguments: JSON.stringify({ options }) } },
        ],
      });
    offer(['Yes, please', 'Not now']);
    await flush();
    const row = getByRole(mounted.shadow, 'group', 'Suggested replies');
    expect(row.closest('[part=conversation]'), 'in the log, after the messages').not.toBeNull();
    getByRole(row, 'button', 'Yes, please').click();
    await flush();
    expect(client.sent.at(-1), 'sent as the visitor').toEqual({
      type: 'add-message',
      message: { role: 'user', content: 'Yes, please' },
    });
    expect(queryByRole(mounted.shadow, 'group', 'Suggested replies'), 'retired once answered').toBeNull();

    offer(['Tuesday', 'Friday']);
    await flush();
    expect(queryByRole(mounted.shadow, 'group', 'Suggested replies'), 'a new offer').not.toBeNull();
    // In a call the message field is behind More (issue 36).
    getByRole(mounted.shadow, 'button', 'More').click();
    await flush();
    const input = getByRole(mounted.shadow, 'textbox', 'Message') as HTMLInputElement;
    input.value = 'Monday';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await flush();
    expect(
      queryByRole(mounted.shadow, 'group', 'Suggested replies'),
      'retired when the visitor types something else',
    ).toBeNull();
  });
});

describe('feedback', () => {
  test('thumbs on a finished reply: one event with the message and session ids, POSTed with keepalive', async () => {
    const { mounted, reply } = await chatReply(
      { feedback: 'message', 'feedback-url': 'https://owner.example/fb' },
      'Hi',
      'Hello!',
    );
    const given = events(mounted, 'feedback');
    const fetcher = vi.mocked(fetch);
    getByRole(reply, 'button', 'Not helpful').click();
    await flush();
    expect(given, 'the event').toEqual([
      { rating: -1, messageId: expect.any(String) as string, sessionId: 'session-7' },
    ]);
    const post = fetcher.mock.calls.find(([url]) => url === 'https://owner.example/fb');
    expect(post?.[1], 'the POST').toMatchObject({ method: 'POST', keepalive: true, body: JSON.stringify(given[0]) });
    expect((getByRole(reply, 'button', 'Helpful') as HTMLButtonElement).disabled, 'rated once').toBe(true);
  });

  test('× on a chat closes; the rating waits inline on the next open, once; Send fires it with the comment', async () => {
    const { mounted } = await chatReply({}, 'Hi', 'Hello!');
    const given = events(mounted, 'feedback');
    getByRole(mounted.shadow, 'button', 'Close').click();
    await flush();
    expect(
      mounted.el.hasAttribute('open') || !!mounted.shadow.querySelector('[part=card]:not([hidden])'),
      'closed at once',
    ).toBe(false);
    await open(mounted);
    const stars = getByRole(mounted.shadow, 'radiogroup', 'How was this conversation?');
    expect(
      allByRole(stars, 'radio').map((r) => r.getAttribute('aria-label')),
      'five options',
    ).toEqual(['1 of 5', '2 of 5', '3 of 5', '4 of 5', '5 of 5']);
    (allByRole(stars, 'radio')[3] as HTMLInputElement).click();
    const comment = mounted.shadow.querySelector('[part=rating-comment]') as HTMLTextAreaElement;
    comment.value = ' Quick answers ';
    getByRole(mounted.shadow, 'button', 'Send rating').click();
    await flush();
    expect(given, 'the rating').toEqual([{ rating: 4, comment: 'Quick answers', sessionId: 'session-7' }]);
    expect(queryByRole(mounted.shadow, 'radiogroup'), 'answered: the box goes').toBeNull();
    getByRole(mounted.shadow, 'button', 'Close').click();
    await open(mounted);
    await flush();
    expect(queryByRole(mounted.shadow, 'radiogroup'), 'asked once per conversation').toBeNull();
  });

  test('the end of a call asks for the rating (skippable)', async () => {
    const { mounted, client } = await liveCall();
    const given = events(mounted, 'feedback');
    client.stop();
    await flush();
    await flush();
    expect(queryByRole(mounted.shadow, 'radiogroup', 'How was this conversation?'), 'asked').not.toBeNull();
    getByRole(mounted.shadow, 'button', 'Skip').click();
    await flush();
    expect([queryByRole(mounted.shadow, 'radiogroup'), given], 'skipped: nothing sent').toEqual([null, []]);
  });

  test('feedback="none" asks nothing at the end of a call', async () => {
    const quiet = await liveCall({ feedback: 'none' });
    quiet.client.stop();
    await flush();
    await flush();
    expect(queryByRole(quiet.mounted.shadow, 'radiogroup'), 'none').toBeNull();
  });
});

describe('hand-over to a person', () => {
  test('fires ringwise-handoff with the turns, and hangs up only after the assistant has finished speaking', async () => {
    const { mounted, client } = await liveCall({ 'handoff-label': 'Talk to a person' });
    const handed = events(mounted, 'handoff');
    client.emit('message', {
      type: 'transcript',
      role: 'user',
      transcriptType: 'final',
      transcript: 'Can I talk to someone?',
    });
    client.emit('message', {
      type: 'transcript',
      role: 'assistant',
      transcriptType: 'final',
      transcript: 'Of course, one moment.',
    });
    client.update({ speaking: true });
    await flush();
    getByRole(mounted.shadow, 'button', 'Talk to a person').click();
    await flush();
    expect(handed, 'the conversation so far').toEqual([
      {
        turns: [
          { role: 'user', text: 'Can I talk to someone?', at: expect.any(Number) as number },
          { role: 'assistant', text: 'Of course, one moment.', at: expect.any(Number) as number },
        ],
        callId: 'call-9',
        respondWith: expect.any(Function) as never,
      },
    ]);
    expect(client.stops, 'not while the assistant speaks').toBe(0);
    client.update({ speaking: false });
    await flush();
    expect(client.stops, 'after its last words').toBe(1);
    expect(mounted.shadow.querySelector('[part=handoff-done]')?.textContent, 'said in the card').toBe(
      'Your conversation was passed on to a person.',
    );
  });

  test('passed on only once the page says it was sent; closed unsent, the card is as it was (issue 36, item 1)', async () => {
    const { mounted, client } = await liveCall({ 'handoff-label': 'Talk to a person' });
    client.emit('message', { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'A person?' });
    await flush();
    let answer: (outcome: 'sent' | 'cancelled') => void = () => {};
    mounted.el.addEventListener('ringwise-handoff', (event) =>
      (event as CustomEvent<{ respondWith(outcome: Promise<string>): void }>).detail.respondWith(
        new Promise((resolve) => (answer = resolve)),
      ),
    );
    const button = () => queryByRole(mounted.shadow, 'button', 'Talk to a person');
    const note = () => mounted.shadow.querySelector('[part=handoff-done]')!;
    button()!.click();
    await flush();
    expect(note().textContent, 'the form is open: nothing was passed on yet').toBe('');
    expect(client.stops, 'the call goes on while the form is open').toBe(0);
    answer('cancelled');
    await flush();
    await new Promise((resolve) => setTimeout(resolve));
    expect(note().textContent, 'closed unsent: no claim').toBe('');
    expect(button(), 'the button is back').not.toBeNull();
    expect(mounted.shadow.activeElement, 'focus back on it').toBe(button());
    expect(client.stops, 'the call still goes on').toBe(0);
    button()!.click();
    await flush();
    answer('sent');
    await flush();
    await flush();
    expect(note().textContent, 'sent: passed on').toBe('Your conversation was passed on to a person.');
    expect(button(), 'no second hand-over').toBeNull();
    expect(client.stops, 'the call ends after the hand-over').toBe(1);
  });
});
