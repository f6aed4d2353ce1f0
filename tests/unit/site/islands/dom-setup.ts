/**
 * Imported first by every island test (each runs in happy-dom): Testing Library's DOM matchers
 * (`toBeDisabled`, `toHaveAttribute`, …) on vitest's `expect`, and an unmount of everything
 * rendered after each test (vitest runs without globals, so Testing Library cannot register
 * that cleanup itself).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
