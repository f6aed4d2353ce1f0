// @vitest-environment happy-dom
/**
 * The embed configurator as an owner uses it: placeholders first (never this site's key), the
 * snippet following every field as they type, the three formats as keyboard-operable tabs, copy
 * buttons that say what happened, and the preview following the options without ever getting the
 * key. The snippet text itself is tested in tests/unit/site/embed-snippet.test.ts.
 */
import './dom-setup.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EmbedConfigurator from '../../../../site/islands/EmbedConfigurator.tsx';
import { WHERE_TO_FIND } from '../../../../site/lib/embed-snippet.ts';

const LOADER = 'https://built.example/widget/voice-widget.js';

function setup() {
  const user = userEvent.setup();
  render(<EmbedConfigurator loaderUrl={LOADER} previewTag="ringwise-test-preview" />);
  return user;
}

/** The visible snippet (the chosen tab's panel). */
const shown = () => screen.getByRole('tabpanel').querySelector('code')?.textContent ?? '';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('EmbedConfigurator', () => {
  it("starts with placeholders and where to find the real values, on the page's own origin", () => {
    setup();
    expect(shown(), 'where to find them, first').toMatch(new RegExp(`^<!-- ${WHERE_TO_FIND.slice(0, 40)}`));
    expect(shown(), 'key placeholder').toContain('data-public-key="YOUR_PUBLIC_KEY"');
    expect(shown(), 'assistant placeholder').toContain('data-assistant-id="YOUR_ASSISTANT_ID"');
    expect(shown(), 'the loader on the origin the page is served from').toContain(
      `<script src="${window.location.origin}/widget/voice-widget.js"`,
    );
    expect(screen.getByRole('textbox', { name: 'Public key' }), 'empty field').toHaveValue('');
  });

  it('follows every field as the owner types and picks', async () => {
    const user = setup();
    await user.type(screen.getByRole('textbox', { name: 'Public key' }), 'pk_live_123');
    expect(shown(), 'the key at once').toContain('data-public-key="pk_live_123"');
    expect(shown(), 'still says where the assistant id is').toContain('YOUR_ASSISTANT_ID');
    await user.type(screen.getByRole('textbox', { name: 'Assistant id' }), 'asst_9');
    expect(shown(), 'both typed: no placeholder, no note').not.toMatch(/YOUR_|<!--/);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'chat');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Position' }), 'bottom-left');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'dark');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');
    await user.type(screen.getByRole('textbox', { name: 'Title in the card' }), 'Acme Help');
    for (const line of [
      'data-mode="chat"',
      'data-position="bottom-left"',
      'data-theme="dark"',
      'data-locale="de"',
      'data-title="Acme Help"',
    ]) {
      expect(shown(), line).toContain(line);
    }
    expect(screen.getByRole('option', { name: 'Deutsch' }), 'languages by their own names').toBeInTheDocument();
  });

  it('shows the same configuration as React and as the element, in tabs operable by keyboard', async () => {
    const user = setup();
    await user.type(screen.getByRole('textbox', { name: 'Public key' }), 'pk_1');
    const tabs = screen.getAllByRole('tab');
    expect(
      tabs.map((tab) => tab.textContent),
      'three formats',
    ).toEqual(['Script tag', 'React (npm)', 'Custom element']);
    expect(screen.getByRole('tab', { name: 'Script tag' }), 'the script tag first').toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('tab', { name: 'React (npm)' }));
    expect(screen.getByRole('tabpanel', { name: 'React (npm)' }), 'its panel').toBeVisible();
    expect(shown(), 'React: the npm import and the key').toMatch(
      /import '@ringwise\/voice-widget\/element'[\s\S]*public-key="pk_1"/,
    );
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Custom element' }), 'arrow right moves on').toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Custom element' }), 'and chooses').toHaveAttribute('aria-selected', 'true');
    expect(shown(), 'element: the loader defines only, the element carries the key').toMatch(
      /data-mount="false"[\s\S]*<ringwise-voice-call[\s\S]*public-key="pk_1"/,
    );
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Script tag' }), 'Home: the first').toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0).length, 'one tab stop').toBe(1);
  });

  it('copies the chosen snippet and says so; says how to copy by hand when the clipboard refuses', async () => {
    const user = setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy script tag' }));
    expect(writeText, 'the script tag, as shown').toHaveBeenCalledWith(shown());
    expect(within(screen.getByRole('tabpanel')).getByRole('status'), 'said').toHaveTextContent('Copied.');
    await user.click(screen.getByRole('tab', { name: 'Custom element' }));
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy element code' }));
    expect(within(screen.getByRole('tabpanel')).getByRole('status'), 'refused').toHaveTextContent(
      'Copy failed: select the snippet and copy it by hand.',
    );
  });

  it('the preview follows the options but never gets the key or the assistant', async () => {
    const user = setup();
    const preview = document.querySelector('ringwise-test-preview') as HTMLElement;
    expect(preview, 'the preview element').not.toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Public key' }), 'pk_secret_owner');
    await user.type(screen.getByRole('textbox', { name: 'Assistant id' }), 'asst_owner');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'dark');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mode' }), 'voice');
    await user.type(screen.getByRole('textbox', { name: 'Title in the card' }), 'Acme');
    expect(
      [preview.getAttribute('theme'), preview.getAttribute('mode'), preview.getAttribute('title')],
      'options',
    ).toEqual(['dark', 'voice', 'Acme']);
    expect(preview.getAttribute('position'), 'stays in place').toBe('inline');
    expect(preview.outerHTML, "never the owner's key or assistant").not.toMatch(/pk_secret_owner|asst_owner/);
  });
});
