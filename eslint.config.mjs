// @ts-check
/**
 * ESLint: a small set of rules that need the type checker and that the compiler does not give.
 * - `no-floating-promises`: a promise nobody awaits, returns or handles loses its rejection (an
 *   unhandled rejection in a visitor's page, a test that ends before its assertion ran). Write
 *   `void promise` where dropping it is meant, with a comment saying why.
 * - `consistent-type-imports`: types are imported with `type`, so a type-only import never loads
 *   a module at run time (the loader's bytes, import cycles), beside `verbatimModuleSyntax`.
 * Formatting is Prettier's (`npm run format`), not ESLint's. `.astro` files are left to `astro check`.
 */
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // Built, installed and generated files (as in .gitignore).
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.astro/**',
      'bench/results/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: {
        // Each file is checked with the tsconfig that owns it (the root's, or widget/'s for widget/src;
        // widget/build.ts through the root's, whose tests import it).
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Inline `type` qualifiers, as the code writes them (`import { x, type Y }`).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
);
