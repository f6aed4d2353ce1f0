/**
 * `client:afterpaint`: hydrate the island as soon as the page has painted its first content
 * (`client:load` hydrates as soon as its modules arrive, which can hold the first paint back).
 * Registered by site/integrations/after-paint-directive.ts; see site/lib/after-paint.ts for why.
 */
import type { ClientDirective } from 'astro';
import { afterFirstPaint } from '../lib/after-paint.ts';

const afterPaint: ClientDirective = (load) => {
  afterFirstPaint(() => {
    void load().then((hydrate) => hydrate());
  }, window);
};

export default afterPaint;
