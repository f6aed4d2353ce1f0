import { useEffect, useState } from 'react';
import { activeSectionId, isNavigatorVisible, type SectionPosition } from '../lib/active-section.ts';

/** Props of the floating section navigator. */
export interface SectionNavProps {
  /** The page's sections in order: element id and the name read to screen readers. */
  sections: ReadonlyArray<{ readonly id: string; readonly label: string }>;
}

/** Document-relative top of every section element that exists on the page. */
function measure(ids: readonly string[]): SectionPosition[] {
  const positions: SectionPosition[] = [];
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element) positions.push({ id, top: element.getBoundingClientRect().top + window.scrollY });
  }
  return positions;
}

/**
 * Floating dots on the right edge, one per section: shown once the page is scrolled past 300 px,
 * the dot of the section at scroll position + 100 px is marked `aria-current`. Dots are in-page
 * links (smooth scrolling comes from CSS and is off under prefers-reduced-motion); the last
 * button scrolls back to the top.
 */
export default function SectionNav({ sections }: SectionNavProps) {
  const [visible, setVisible] = useState(false);
  const [active, setActive] = useState<string | null>(sections[0]?.id ?? null);

  useEffect(() => {
    const ids = sections.map((section) => section.id);
    let frame = 0;
    const update = () => {
      frame = 0;
      const root = document.documentElement;
      setVisible(isNavigatorVisible(window.scrollY));
      setActive(
        activeSectionId(measure(ids), {
          scrollY: window.scrollY,
          viewportHeight: window.innerHeight,
          documentHeight: root.scrollHeight,
        }),
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [sections]);

  return (
    <nav className="section-nav" aria-label="Page sections" data-visible={visible ? 'true' : 'false'}>
      <ol>
        {sections.map((section) => (
          <li key={section.id}>
            <a
              className="section-dot"
              href={`#${section.id}`}
              aria-current={active === section.id ? 'location' : undefined}
            >
              <span className="section-dot-label">{section.label}</span>
            </a>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="to-top"
        aria-label="Back to top"
        // behavior 'auto' follows the CSS scroll-behavior: smooth, or instant under reduced motion.
        onClick={() => window.scrollTo({ top: 0, behavior: 'auto' })}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 19V5M5 12l7-7 7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </nav>
  );
}
