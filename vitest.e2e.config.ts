import { defineConfig } from 'vitest/config'

// The E2E suite: the built renderer in system Chromium (see test/e2e/harness.ts).
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // The built main runs natively so Node's loader hooks can hand it the electron stand-in
    // (test/e2e/electronMain.e2e.ts); inlined by Vite, it would get the real electron package.
    server: { deps: { external: [/\/out\/main\/index\.js/] } },
  },
})
