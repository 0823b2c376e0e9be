import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Files that still reach the database outside a repository or a reporting module (issue #31,
// point 1). This list only shrinks: move a file's SQL into a `*.repository.ts` (queries) or a
// `reporting/` module (read models and aggregates), then delete its line. Never add a line.
// infra/data-access.test.ts reads it too, and fails on a listed file that holds no SQL any more.
// Empty: every service, the gateway's health check included, reads and writes through
// repositories, reporting/ modules or the kit's plumbing (ignored below).
/** @type {string[]} */
export const sqlOutsideRepositoriesAllowed = [];

/**
 * The web app's files translated into every language (issue #46): all of them, so a new page
 * speaks through the message catalogs from its first line.
 */
const translatedWebFiles = ['web/src/**/*.tsx'];
/** JSX attributes whose value people read (or hear, through a screen reader). */
const TEXT_ATTRIBUTES =
  'alt|title|placeholder|label|hint|description|caption|confirmLabel|cancelLabel|aria-label|aria-description';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.turbo/**',
      '.data/**',
      'test-artifacts/**',
      'web/src/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // One import statement a module: its types and values together (`import { type A, b }`).
      'no-duplicate-imports': 'error',
    },
  },
  {
    // A worker loads what a job needs, not the services' kit or the whole route table: each
    // costs megabytes in every worker process (docs/benchmarks.md, Memory).
    files: ['workers/*/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-support/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@hub/proto',
              message: 'Workers import values from @hub/proto/jobs.',
              allowTypeImports: true,
            },
            {
              name: '@hub/kit',
              message:
                'Workers import values from @hub/runtime (the queue, storage and telemetry a job needs).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // SQL (raw `.query(` or TypeORM `getRepository`, `createQueryBuilder`) lives in
    // `*.repository.ts` files, in `reporting/` modules (read models and aggregates) and in
    // migrations; services call typed repository methods. The kit's database plumbing (data source, keyset paging,
    // test databases) is where those calls are built. Tests may query freely.
    files: ['services/*/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/reporting/**',
      '**/migrations/**',
      '**/*.test.ts',
      '**/test-support/**',
      'packages/kit/src/database/**',
      'packages/testing/src/**',
      'packages/kit/src/paging/keyset.ts',
      ...sqlOutsideRepositoriesAllowed,
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(query|getRepository|createQueryBuilder)$/]',
          message:
            'SQL belongs in a *.repository.ts (queries) or a reporting/ module (aggregates); call a repository method from here.',
        },
      ],
    },
  },
  {
    // Translated pages (issue #46): every text a person reads comes from the message catalogs
    // (web/src/i18n/locales), so English, Spanish and French stay complete. Literal text in
    // JSX (children, a text-bearing attribute, or either side of a choice) is refused here.
    files: translatedWebFiles,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'JSXText[value=/[A-Za-z]/]',
          'JSXElement > JSXExpressionContainer > Literal[value=/[A-Za-z]/]',
          'JSXElement > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]/]',
          'JSXElement > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=/[A-Za-z]/]',
          `JSXAttribute[name.name=/^(${TEXT_ATTRIBUTES})$/] > Literal[value=/[A-Za-z]/]`,
          `JSXAttribute[name.name=/^(${TEXT_ATTRIBUTES})$/] > JSXExpressionContainer > Literal[value=/[A-Za-z]/]`,
        ].map((selector) => ({
          selector,
          message: 'Text shown to people goes through t() and the message catalogs (web/src/i18n).',
        })),
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
