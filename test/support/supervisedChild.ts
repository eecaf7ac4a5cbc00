import { spawn } from 'node:child_process'

/**
 * Child processes under a progress watchdog instead of a wall-clock kill: a child is killed only
 * after a long stretch without any output, so a slow but working child on a loaded machine runs
 * to the end, and a hung one is stopped and reported as such. Every run says how it ended, so an
 * assertion on it can name the cause (describeRun).
 */

export interface SupervisedRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  /** Complete stdout lines (a line cut short by a kill is left out). */
  lines: string[]
  /** Who killed it, if anyone did: the test on purpose, or the watchdog after `quietMs` of silence. */
  killedBy: 'test' | 'watchdog' | null
  quietMs: number
  elapsedMs: number
}

export interface Supervision {
  /** Silence (no stdout or stderr) after which the watchdog kills the child. */
  quietMs: number
  /** Called for each stdout line; `kill` SIGKILLs the child on purpose (killedBy: 'test'). */
  onLine?: (line: string, kill: () => void) => void
  env?: NodeJS.ProcessEnv
  cwd?: string
}

export function runSupervised(
  command: string,
  args: string[],
  supervision: Supervision,
): Promise<SupervisedRun> {
  const { quietMs, onLine } = supervision
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(supervision.env ? { env: supervision.env } : {}),
      ...(supervision.cwd ? { cwd: supervision.cwd } : {}),
    })
    let killedBy: SupervisedRun['killedBy'] = null
    const kill = (by: 'test' | 'watchdog') => {
      if (child.exitCode !== null || child.signalCode !== null) return
      killedBy ??= by
      child.kill('SIGKILL')
    }
    let watchdog = setTimeout(() => kill('watchdog'), quietMs)
    const progressed = () => {
      clearTimeout(watchdog)
      watchdog = setTimeout(() => kill('watchdog'), quietMs)
    }
    const lines: string[] = []
    let stdout = ''
    let stderr = ''
    let partial = ''
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      progressed()
      stdout += chunk
      const parts = (partial + chunk).split('\n')
      partial = parts.pop() ?? ''
      for (const line of parts) {
        lines.push(line)
        onLine?.(line, () => kill('test'))
      }
    })
    child.stderr.on('data', (chunk: string) => {
      progressed()
      stderr += chunk
    })
    child.on('error', (error) => {
      clearTimeout(watchdog)
      reject(error)
    })
    child.on('close', (code, signal) => {
      clearTimeout(watchdog)
      resolve({ code, signal, stdout, stderr, lines, killedBy, quietMs, elapsedMs: Date.now() - started })
    })
  })
}

/**
 * A TypeScript child (`node --import tsx <script> ...args`) under the watchdog: how the crash tests
 * run an app process, which `onLine` may kill on purpose.
 */
export function tsxChild(script: string, quietMs: number) {
  return (args: string[], onLine?: Supervision['onLine']): Promise<SupervisedRun> =>
    runSupervised(process.execPath, ['--import', 'tsx', script, ...args], {
      quietMs,
      ...(onLine ? { onLine } : {}),
    })
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`
const tail = (text: string, chars = 2_000) => (text.length > chars ? `…${text.slice(-chars)}` : text)

/**
 * How a run ended, for an assertion's message: "the publishing child was killed by the watchdog
 * (no output for 120 s) after 76 of 100 drafts, 200 s in all; its stderr: …; its last lines: …".
 */
export function describeRun(name: string, run: SupervisedRun, progress?: string): string {
  const how =
    run.killedBy === 'watchdog'
      ? `was killed by the watchdog (no output for ${seconds(run.quietMs)})`
      : run.killedBy === 'test'
        ? 'was killed by the test'
        : run.signal
          ? `was killed by ${run.signal}`
          : `exited with code ${run.code}`
  return (
    `${name} ${how}${progress ? ` after ${progress}` : ''}, ${seconds(run.elapsedMs)} in all; ` +
    `its stderr: ${tail(run.stderr.trim()) || '(empty)'}; its last lines: ${run.lines.slice(-5).join(' | ') || '(none)'}`
  )
}
