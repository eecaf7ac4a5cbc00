import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createInterface } from 'node:readline'

const CLI = fileURLToPath(new URL('../../../sandbox/cli.ts', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

export interface RunningCli {
  child: ChildProcess
  /** The first stdout line, parsed (with --json). */
  info: Record<string, string>
  firstLine: string
  /** Every stdout line read before startCli resolved. */
  lines: string[]
  stop(): Promise<number | null>
}

/** Runs the CLI as `npm run sandbox` does (tsx sandbox/cli.ts) and waits for its first line. */
export async function startCli(args: string[], options: { waitFor?: RegExp } = {}): Promise<RunningCli> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const seen: string[] = []
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox CLI did not start: ${stderr}`)), 15_000)
    lines.on('line', (line) => {
      seen.push(line)
      if (!options.waitFor || options.waitFor.test(line)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`sandbox CLI exited with ${code}: ${stderr}`)))
  })
  const firstLine = seen[0] ?? ''
  let info: Record<string, string>
  try {
    info = JSON.parse(firstLine) as Record<string, string>
  } catch {
    info = {}
  }
  return {
    child,
    info,
    firstLine,
    lines: seen,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode)
        child.once('exit', (code) => resolve(code))
        child.kill('SIGTERM')
      }),
  }
}
