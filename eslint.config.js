import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

// What no renderer file may import, whatever its layer.
const RENDERER_BOUNDARY = {
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
}

// Renderer layers. src/renderer is layered, highest first, and imports only go down:
//   app         the shell and the one route table (app/routes.ts loads every page)
//   features    the pages, one folder per page; a page never imports another page
//   kits        what several pages share (editor, media, jobs, publish, draft list, …), never a page
//   state       the zustand stores and their selectors (connection, accounts, settings, drafts)
//   nav         route ids and helpers every layer may use (hashFor, navigate)
//   components  design-system primitives
//   lib         pure helpers
// A layer imports the layers below it and src/shared, never one above it. Imports are relative, so
// a rule matches where a path climbs to: from features/cards/X.tsx, '../../app/…' is the layer
// above and '../drafts/…' another page (test/unit/lint/rendererLayers.test.ts plants both).
const RENDERER_LAYERS = ['app', 'features', 'kits', 'state', 'nav', 'components', 'lib']

const climbsInto = (folders) => `^(?:\\.\\./)+(?:${folders.join('|')})(?:/|$)`

function layerRule(layer, extraPatterns = []) {
  const above = RENDERER_LAYERS.slice(0, RENDERER_LAYERS.indexOf(layer))
  const patterns = [...RENDERER_BOUNDARY.patterns, ...extraPatterns]
  if (above.length > 0)
    patterns.push({
      regex: climbsInto(above),
      message: `${layer}/ is below ${above.join(', ')}: a lower layer never imports a higher one (${RENDERER_LAYERS.join(' → ')}).`,
    })
  return { 'no-restricted-imports': ['error', { paths: RENDERER_BOUNDARY.paths, patterns }] }
}

// A file `depth` folders down in a page folder (features/<page>/…) reaches another page by
// climbing exactly `depth` levels and going down again.
const otherPage = (depth) => ({
  regex: `^(?:\\.\\./){${depth}}(?!\\.\\.(?:/|$))`,
  message: 'A page never imports another page: move what both need into kits/ (or a lower layer).',
})

const rendererLayers = [
  ...RENDERER_LAYERS.map((layer) => ({
    files: [`src/renderer/${layer}/**/*.{ts,tsx}`],
    rules: layerRule(layer),
  })),
  ...[1, 2, 3].map((depth) => ({
    files: [`src/renderer/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: layerRule('features', [otherPage(depth)]),
  })),
]

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
    rules: { 'no-restricted-imports': ['error', RENDERER_BOUNDARY] },
  },
  ...rendererLayers,
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
