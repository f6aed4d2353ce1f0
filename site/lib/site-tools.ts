/**
 * The client-side tools of the site's demo assistant (the hero call): during a call the visitor
 * can ask "show me the ROI calculator" or "open the contact form", and the page does it. The
 * assistant must carry the matching tool definitions (`SITE_TOOL_DEFINITIONS`, printed in the
 * README): function tools WITHOUT a server URL, which the platform sends to the page as a
 * `tool-calls` message. They are for effects in the page only: nothing returns to the model, so
 * each tool tells the assistant what happened with a system message (`report`).
 */
import type { ClientTools } from '@ringwise/voice-widget/react';
import { openContact } from '../stores/contact.ts';

/** Id of the ROI calculator's section on the landing page (site/components/RoiSection.astro). */
export const ROI_SECTION_ID = 'roi-calculator';

/** What each tool reports to the assistant when it worked. */
export const SITE_TOOL_REPORTS = {
  showRoiCalculator: 'The ROI calculator is now on the visitor’s screen.',
  openContactForm: 'The contact form is now open on the visitor’s screen.',
} as const;

/** The tools' names. */
export type SiteToolName = keyof typeof SITE_TOOL_REPORTS;

/**
 * One tool definition as the platform takes it: a function tool with no server URL (so the call
 * is sent to the page), `async` (the assistant does not wait for a result), no arguments, and
 * what the assistant says while the page acts.
 */
function clientTool(name: SiteToolName, description: string, says: string) {
  return {
    type: 'function',
    async: true,
    function: { name, description, parameters: { type: 'object', properties: {} } },
    messages: [{ type: 'request-start', content: says }],
  } as const;
}

/** The tool definitions to add to the demo assistant (printed in the README). */
export const SITE_TOOL_DEFINITIONS = [
  clientTool(
    'showRoiCalculator',
    'Scrolls the visitor’s page to the ROI calculator, where they can estimate what missed calls cost them. Use it when they ask about cost, savings or return on investment.',
    'I’ve brought up the calculator on your screen.',
  ),
  clientTool(
    'openContactForm',
    'Opens the contact form on the visitor’s page. Use it when they want to talk to the team, get a quote or leave their details.',
    'I’ve opened the contact form for you.',
  ),
];

/**
 * The site's client tools for `useVoiceCall`. `report` receives what to tell the assistant once a
 * tool worked (the hero adds it to the call as a system message). A tool that cannot work on
 * this page throws, which the widget reports as a `tool-failed` error event.
 */
export function createSiteTools(report: (content: string) => void, doc: Document = document): ClientTools {
  return {
    showRoiCalculator() {
      const section = doc.getElementById(ROI_SECTION_ID);
      if (!section) throw new Error(`There is no #${ROI_SECTION_ID} on this page.`);
      // Smooth or not as the page's CSS says (scroll-behavior, off under reduced motion).
      section.scrollIntoView({ block: 'start' });
      report(SITE_TOOL_REPORTS.showRoiCalculator);
    },
    openContactForm() {
      openContact();
      report(SITE_TOOL_REPORTS.openContactForm);
    },
  };
}
