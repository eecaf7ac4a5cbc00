import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'

import type { AppStartFigures } from './appStartChild'

const run = promisify(execFile)

/** App start → first drafts list, each in a fresh process (bench/appStartChild.ts). */
export async function coldStart(dataDir: string, options: { open?: boolean } = {}): Promise<AppStartFigures> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', resolve('bench/appStartChild.ts'), dataDir, ...(options.open ? ['--open'] : [])],
    {
      maxBuffer: 1 << 20,
      timeout: 180_000,
    },
  )
  // The harness prints its accessibility summary on dispose, after the figure.
  const line = stdout.split('\n').findLast((text) => text.startsWith('{"ms":')) ?? ''
  return JSON.parse(line) as AppStartFigures
}

/** The same window and a one-row static page with no app (bench/appStartFloorChild.ts). */
export async function coldStartFloor(): Promise<{ ms: number; windowMs: number }> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', resolve('bench/appStartFloorChild.ts')],
    { maxBuffer: 1 << 20, timeout: 180_000 },
  )
  const line = stdout.split('\n').findLast((text) => text.startsWith('{"ms":')) ?? ''
  return JSON.parse(line) as { ms: number; windowMs: number }
}
