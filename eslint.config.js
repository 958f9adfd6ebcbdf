import tseslint from 'typescript-eslint';

export default tseslint.config(
  // packages/client/src/generated is written by `npm run client:generate`: checked by tsc, not linted.
  { ignores: ['node_modules/**', 'data/**', 'coverage/**', 'packages/client/src/generated/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    // Configuration is read in one place: src/config is the only reader of process.env.
    files: ['src/**/*.ts'],
    ignores: ['src/config/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through src/config only.' }],
    },
  },
  {
    // The console builds its pages from DOM nodes: data never becomes markup.
    files: ['console/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Build nodes with h() from console/src/app/dom.ts.' },
        { property: 'outerHTML', message: 'Build nodes with h() from console/src/app/dom.ts.' },
        { property: 'insertAdjacentHTML', message: 'Build nodes with h() from console/src/app/dom.ts.' },
      ],
      'no-restricted-globals': ['error', { name: 'localStorage', message: 'Only the theme is kept in local storage (app/theme.ts); keys live in session storage (app/session.ts).' }],
    },
  },
  {
    files: ['console/src/app/theme.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // Tool configuration files must export default.
    files: ['*.config.ts', 'test/support/global-setup.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
