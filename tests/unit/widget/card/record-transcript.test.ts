// @vitest-environment happy-dom
/**
 * The transcript the visitor owns, in the card (issue 38): the "⋯" menu's Copy and Downloads (only
 * once something was said), the ended state's row of the same actions, what they deliver (the
 * heard text, the assistant's name as the card shows it) and the "Transcript copied" status.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { EN_LABELS } from '../../../../widget/src/i18n/en.ts';
import { labels as DE } from '../../../../widget/src/i18n/locales/de.ts';
import { allByRole, getByRole, isHidden, queryByRole } from '../element/dom-helpers.ts';
import { flush, mount, open, type } from '../element/harness.ts';

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The clipboard, as the page's: what was written, or a refusal. */
function clipboard(refuse = false) {
  const written: string[] = [];
  const writeText = (text: string) =>
    refuse ? Promise.reject(new Error('denied')) : (written.push(text), Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return written;
}

/** The downloads started (their file names and contents), through the page's own object URLs and link clicks. */
function downloads() {
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${n++}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const saved: { name: string; blob: Blob }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

const menuItems = async (shadow: ShadowRoot, labels: { recordMenu: string } = EN_LABELS) => {
  getByRole(shadow, 'button', labels.recordMenu).click();
  await vi.waitFor(() => expect(queryByRole(shadow, 'menu')).not.toBeNull());
  return allByRole(getByRole(shadow, 'menu'), 'menuitem').map((item) => item.textContent);
};

test('the menu offers Copy and the downloads once something was said; Copy writes the heard transcript and says so', async () => {
  const written = clipboard();
  const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a', mode: 'chat', title: 'Ada' });
  await open(mounted);
  const { shadow } = mounted;
  expect(await menuItems(shadow), 'nothing said: only Forget').toEqual([EN_LABELS.forget]);
  getByRole(shadow, 'button', EN_LABELS.recordMenu).click(); // closes it
  type(shadow, 'Do you fix boilers?');
  await flush();
  expect(await menuItems(shadow)).toEqual([
    EN_LABELS.copyTranscript,
    EN_LABELS.downloadText,
    EN_LABELS.downloadMarkdown,
    EN_LABELS.forget,
  ]);
  getByRole(shadow, 'menuitem', EN_LABELS.copyTranscript).click();
  await flush();
  expect(written).toHaveLength(1);
  expect(written[0]).toMatch(/^Conversation with Ada\n\n\[[^\]]+\] You: Do you fix boilers\?\n$/);
  const status = shadow.querySelector('[part=record-status]')!;
  expect(status.getAttribute('role'), 'announced').toBe('status');
  expect(status.textContent).toBe(EN_LABELS.copied);
  expect(shadow.activeElement, 'focus back on the menu button').toBe(getByRole(shadow, 'button', EN_LABELS.recordMenu));
});

test('a refused clipboard says so (the downloads stay); the downloads carry .txt and .md with the same turns', async () => {
  clipboard(true);
  const saved = downloads();
  const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a', mode: 'chat', title: 'Ada' });
  await open(mounted);
  const { shadow } = mounted;
  type(shadow, '# not a *heading*');
  await flush();
  await menuItems(shadow);
  getByRole(shadow, 'menuitem', EN_LABELS.copyTranscript).click();
  await vi.waitFor(() => expect(shadow.querySelector('[part=record-status]')!.textContent).toBe(EN_LABELS.copyFailed));
  await menuItems(shadow);
  getByRole(shadow, 'menuitem', EN_LABELS.downloadText).click();
  await menuItems(shadow);
  getByRole(shadow, 'menuitem', EN_LABELS.downloadMarkdown).click();
  expect(saved.map((file) => file.name)).toEqual([
    expect.stringMatching(/^conversation-ada-\d{4}-\d\d-\d\d-\d{4}\.txt$/),
    expect.stringMatching(/^conversation-ada-\d{4}-\d\d-\d\d-\d{4}\.md$/),
  ]);
  expect(saved.map((file) => file.blob.type)).toEqual(['text/plain', 'text/markdown']);
  expect(await saved[0]!.blob.text()).toContain('You: # not a *heading*');
  expect(await saved[1]!.blob.text()).toContain('**You** · ');
  expect(await saved[1]!.blob.text()).toContain('\\# not a \\*heading\\*');
});

test('after a call the menu still offers the transcript, in the element’s language; the ended block stays one block', async () => {
  const written = clipboard();
  const mounted = await mount({ 'public-key': 'pk', 'assistant-id': 'a', transcript: '', locale: 'de' });
  await open(mounted);
  const { shadow } = mounted;
  const client = mounted.modules.voice.client();
  client.update({ state: 'active' });
  client.emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hallo!' });
  await flush();
  getByRole(shadow, 'button', DE.stop).click();
  await flush();
  const ended = shadow.querySelector<HTMLElement>('[part=ended]')!;
  await vi.waitFor(() => expect(isHidden(ended)).toBe(false));
  // No second stack of buttons in the ended block (issue 36): the actions are the menu's.
  expect(allByRole(ended, 'button').map((b) => b.textContent)).not.toContain(DE.copyTranscript);
  expect((await menuItems(shadow, DE)).slice(0, 3)).toEqual([DE.copyTranscript, DE.downloadText, DE.downloadMarkdown]);
  getByRole(shadow, 'menuitem', DE.copyTranscript).click();
  await flush();
  expect(written[0]).toMatch(
    new RegExp(`^Gespräch mit ${DE.assistantName}\\n\\n\\[[^\\]]+\\] ${DE.assistantName}: Hallo!\\n$`),
  );
  expect(shadow.querySelector('[part=record-status]')!.textContent).toBe(DE.copied);
});
