import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Unit and integration tests in Node, and component tests in jsdom, as two projects so `npm test`
// can run them one after the other: the crash and fault tests spawn many child processes, and
// the component tests should not compete with them for the two cores.
// The E2E suite (test/e2e) runs separately in Chromium (vitest.e2e.config.ts).
export default defineConfig({
  plugins: [react()],
  test: {
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'test/renderer/**', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['test/renderer/**/*.test.tsx'],
          setupFiles: ['test/setupComponents.tsx'],
          environment: 'jsdom',
        },
      },
    ],
  },
})
