/**
 * Registers the `client:afterpaint` directive (site/directives/after-paint.ts): islands that must
 * run on every page load, hydrated right after the first contentful paint instead of as soon as
 * their modules arrive. The header and the hero's call button use it.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The directive's name: `client:afterpaint` in .astro files. */
export const AFTER_PAINT_DIRECTIVE = 'afterpaint';

/** The integration: adds the directive in `astro:config:setup`. */
export default function afterPaintDirective(): AstroIntegration {
  return {
    name: 'after-paint-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: AFTER_PAINT_DIRECTIVE,
          entrypoint: fileURLToPath(new URL('../directives/after-paint.ts', import.meta.url)),
        });
      },
    },
  };
}
