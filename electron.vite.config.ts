import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'

// The production CSP lives in src/renderer/index.html. The dev server needs a websocket for
// hot reload and an inline preamble for React Refresh, so only `electron-vite dev` relaxes it.
function devContentSecurityPolicy(): Plugin {
  return {
    name: 'ads-studio-dev-csp',
    apply: 'serve',
    transformIndexHtml(html: string) {
      return html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("connect-src 'none'", "connect-src 'self' ws://localhost:* http://localhost:*")
    },
  }
}

export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          // A worker thread's own bundle (src/main/audiences/hashWorkerClient.ts loads it by name).
          audienceHashWorker: resolve('src/main/audiences/hashWorker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only 'electron': bundle everything into one CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    plugins: [react(), devContentSecurityPolicy()],
    build: {
      // electron-vite leaves the renderer unminified by default; the startup budget needs it small.
      // PROFILE_BUILD=1 keeps the names readable in CPU profiles (bench/profile.ts); never shipped.
      minify: process.env.PROFILE_BUILD !== '1',
      // out/renderer/.vite/manifest.json: which chunks the first page loads (the bundle budget test).
      manifest: true,
      rolldownOptions: { input: { index: resolve('src/renderer/index.html') } },
    },
  },
})
