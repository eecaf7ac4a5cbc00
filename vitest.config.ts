import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Unit and integration tests. The E2E suite (test/e2e) runs separately in Chromium.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Two cores on the reference machine: keep parallelism modest so timing-sensitive
    // integration tests (sandbox, keychain) do not starve each other.
    maxWorkers: 2,
  },
})
