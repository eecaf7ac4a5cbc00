import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'dist/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'test/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Import boundaries (after Signal Desktop): only the Electron glue may touch electron,
  // shared code stays pure, and the renderer never reaches into main or Node.
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}', 'bench/**/*.ts'],
    ignores: ['src/main/index.ts', 'src/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'Only src/main/index.ts and src/preload may import electron.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'src/shared is pure TypeScript.' }],
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'os', 'child_process'],
              message: 'src/shared must not use Node APIs.',
            },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**'],
              message: 'src/shared depends on nothing else in src.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer talks to main only through window.studio.' },
            { name: 'undici', message: 'The renderer never makes HTTP calls.' },
            { name: 'keytar', message: 'Secrets never reach the renderer.' },
          ],
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'child_process'],
              message: 'The renderer has no Node APIs.',
            },
            {
              group: ['**/main/**', '**/preload/**'],
              message: 'The renderer imports only src/shared and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sandbox/**/*.ts', 'test/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**'],
              message: 'The sandbox is an independent reading of the spec: never import the app.',
            },
          ],
        },
      ],
    },
  },
  // The app runs the sandbox (practice mode) only as a worker thread from its own bundle: the
  // worker messages' types may cross into src, the sandbox's code may not.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sandbox/**'],
              allowTypeImports: true,
              message: 'Start the sandbox as a worker (src/main/practice); import only its types.',
            },
          ],
        },
      ],
    },
  },
)
