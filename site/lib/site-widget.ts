/**
 * The site's one conversation widget (site/components/SiteWidget.astro): its element id, and how
 * an island reaches it. Browser-safe.
 */
import type { VoiceCallElement } from '@ringwise/voice-widget';

/** Id of the `<ringwise-voice-call>` every page carries. */
export const SITE_WIDGET_ID = 'ringwise-site-widget';

/**
 * The page's widget element once the loader has defined it (`null` when the page has none: no
 * public key configured).
 */
export async function siteWidget(doc: Document = document): Promise<VoiceCallElement | null> {
  const element = doc.getElementById(SITE_WIDGET_ID);
  if (!element) return null;
  await customElements.whenDefined(element.localName);
  return element as VoiceCallElement;
}
