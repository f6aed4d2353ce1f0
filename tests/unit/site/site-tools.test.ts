// @vitest-environment happy-dom
/**
 * The demo assistant's client tools (site/lib/site-tools.ts): what each does on the page, that a
 * page without the calculator fails clearly, and that the definitions the README tells the
 * assistant's owner to add name exactly these tools.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  createSiteTools,
  ROI_SECTION_ID,
  SITE_TOOL_DEFINITIONS,
  SITE_TOOL_REPORTS,
} from '../../../site/lib/site-tools.ts';
import { $contactOpen } from '../../../site/stores/contact.ts';

const call = (name: string) => ({ id: 'x', name, arguments: {} });

afterEach(() => {
  document.body.replaceChildren();
  $contactOpen.set(false);
});

describe('site tools', () => {
  test('showRoiCalculator scrolls the section into view and reports it', () => {
    const section = document.createElement('section');
    section.id = ROI_SECTION_ID;
    section.scrollIntoView = vi.fn();
    document.body.append(section);
    const report = vi.fn();
    void createSiteTools(report).showRoiCalculator!({}, call('showRoiCalculator'));
    expect(section.scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
    expect(report).toHaveBeenCalledExactlyOnceWith(SITE_TOOL_REPORTS.showRoiCalculator);
  });

  test('without the calculator on the page it throws (a tool-failed error) and reports nothing', () => {
    const report = vi.fn();
    expect(() => createSiteTools(report).showRoiCalculator!({}, call('showRoiCalculator'))).toThrow(
      `There is no #${ROI_SECTION_ID} on this page.`,
    );
    expect(report).not.toHaveBeenCalled();
  });

  test('openContactForm opens the contact modal and reports it', () => {
    const report = vi.fn();
    void createSiteTools(report).openContactForm!({}, call('openContactForm'));
    expect($contactOpen.get()).toBe(true);
    expect(report).toHaveBeenCalledExactlyOnceWith(SITE_TOOL_REPORTS.openContactForm);
  });

  test('the definitions name exactly the tools, and the README shows them as they are', () => {
    expect(SITE_TOOL_DEFINITIONS.map((d) => d.function.name).sort()).toEqual(
      Object.keys(createSiteTools(() => {})).sort(),
    );
    const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('**The demo assistant’s tools**'));
    const block = /```json\n([\s\S]*?)```/.exec(section)?.[1];
    expect(block, 'the README has the definitions block').toBeTruthy();
    expect(JSON.parse(block!), 'README carries the definitions as they are').toEqual(SITE_TOOL_DEFINITIONS);
  });
});
