import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createInterface } from 'node:readline'

const CLI = fileURLToPath(new URL('../../../sandbox/cli.ts', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))
/** How long the CLI may print nothing while starting; tests that start it allow twice that. */
export const STARTUP_QUIET_MS = 60_000

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
    // A progress watchdog, not a deadline: only a CLI silent for a minute is taken for hung,
    // killed, and reported with what it printed.
    const hung = () => {
      child.kill('SIGKILL')
      reject(
        new Error(
          `the sandbox CLI printed nothing for ${STARTUP_QUIET_MS / 1000} s before ${options.waitFor ?? 'its first line'} and was killed; ` +
            `its stderr: ${stderr || '(empty)'}; its stdout: ${seen.join(' | ') || '(empty)'}`,
        ),
      )
    }
    let timer = setTimeout(hung, STARTUP_QUIET_MS)
    const progressed = () => {
      clearTimeout(timer)
      timer = setTimeout(hung, STARTUP_QUIET_MS)
    }
    child.stderr?.on('data', progressed)
    lines.on('line', (line) => {
      seen.push(line)
      progressed()
      if (!options.waitFor || options.waitFor.test(line)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`sandbox CLI exited with ${code}: ${stderr}`))
    })
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
