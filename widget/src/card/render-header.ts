/**
 * Draws the card's header and what sits under it: the name, the avatar (an image, else the
 * wave glyph) with its voice-level ring, the status chip, the elapsed time, the header's
 * buttons, the start progress and the assistant's video; and, outside the card, the announcer
 * and the dismissible launcher's hide badge.
 */
import type { CardHost } from '../ports/card-port.ts';
import { START_STAGES } from '../core/start-stages.ts';
import { formatDuration, stageLabel } from '../conversation/status.ts';
import { format, LOCALES } from '../i18n/labels.ts';
import { setLabel, type Controls } from './controls.ts';
import type { CardFrame } from './frame.ts';
import type { CardDom } from './template.ts';

/** Makes the header's renderer (it remembers the avatar and video it shows). */
export function headerRenderer(host: CardHost, dom: CardDom, { icon }: Controls): (frame: CardFrame) => void {
  const { element } = host;
  let avatarUrl: string | null = null;
  let shownTrack: unknown = null;

  const renderAvatar = () => {
    const url = element.getAttribute('avatar-url')?.trim() || '';
    if (url === avatarUrl) return;
    avatarUrl = url;
    const glyph = () => {
      if (!url) return icon('wave');
      // Decorative (the name is next to it). A blocked or broken image falls back to the glyph.
      const img = host.h('img', '', '', { alt: '', src: url });
      img.addEventListener('error', () => img.replaceWith(icon('wave')), { once: true });
      return img;
    };
    dom.avatar.replaceChildren(glyph());
    dom.bigAvatar.replaceChildren(glyph());
  };

  const renderVideo = (track: unknown) => {
    const { video } = dom;
    video.hidden = !track;
    if (track === shownTrack) return;
    shownTrack = track;
    video.srcObject = track && typeof MediaStream !== 'undefined' ? new MediaStream([track as MediaStreamTrack]) : null;
    if (video.srcObject) video.play().catch(() => {});
  };

  return ({ view, labels, idle, live, connecting, status }) => {
    const { card, title, chip, elapsed, announcer, hide, progress } = dom;
    // The text's direction is the widget's language's, not the page's (English on a right-to-left
    // page stays left-to-right): the shipped languages are left-to-right; a registered one gets
    // `auto` (its own text decides). The element sets `lang`; the layout uses logical properties.
    const { container } = host;
    const dir = ['en', ...LOCALES].includes(container.lang.split('-')[0]!.toLowerCase() as 'en') ? 'ltr' : 'auto';
    if (container.dir !== dir) container.dir = dir;
    hide.hidden = !element.hasAttribute('dismissible') || host.isOpen() || !idle;
    setLabel(hide, labels.dismiss);

    const name = element.getAttribute('title')?.trim() || labels.assistantName;
    if (title.textContent !== name) title.textContent = name;
    renderAvatar();
    card.style.setProperty('--v', String(view.volume));
    chip.dataset.tone = status.tone;
    if (chip.textContent !== status.text) chip.textContent = status.text;
    // The elapsed time of the call (also one kept from another page): shown, not announced.
    elapsed.hidden = !(live && view.connectedAt);
    const since = elapsed.hidden ? '' : formatDuration(Math.max(0, Math.round((Date.now() - view.connectedAt) / 1000)));
    if (elapsed.textContent !== since) elapsed.textContent = since;
    if (announcer.textContent !== status.announcement) announcer.textContent = status.announcement;
    // × closes, also during a call (the call goes on): one name always.
    setLabel(dom.close, labels.close);

    progress.hidden = !connecting;
    progress.setAttribute('aria-label', labels.progress);
    progress.setAttribute('aria-valuenow', String(view.stageIndex));
    progress.setAttribute(
      'aria-valuetext',
      format(labels.progressValue, {
        step: view.stageIndex,
        total: START_STAGES.length,
        stage: stageLabel(view.stage, labels) || labels.connecting,
      }),
    );
    dom.fill.style.width = `${(view.stageIndex / START_STAGES.length) * 100}%`;
    dom.video.setAttribute('aria-label', labels.video);
    renderVideo(view.videoTrack);
  };
}
