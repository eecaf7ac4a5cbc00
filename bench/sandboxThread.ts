/**
 * The local sandbox on a worker thread of its own, scheduled as idle work (Linux SCHED_IDLE), for
 * figures about the app's UI while it sends: the sandbox stands in for the platform, whose servers
 * do not share this machine's two cores with the designer's windows. Idle, not merely a lower
 * nice value: a bare textarea's key → frame p50 was 5.0–5.5 ms alone, 9.6–9.7 beside a process
 * spinning at nice 19, 9.5–10.3 beside one at nice 0 and 6.1–6.8 beside one scheduled idle (a
 * waking thread of any other class takes the core from it at once; on two cores, Chromium's
 * thread hops have no core to spare). Only what the bench reads is passed across: the hosts,
 * the demo identity, and the member count of an audience.
 */
import { execFileSync } from 'node:child_process'
import { readlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { constants, setPriority } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox/index'

type Ready = Pick<Sandbox, 'apiUrl' | 'adsUrl' | 'adsSandboxUrl' | 'demo'>
type Request = { type: 'members'; id: string } | { type: 'close' }

export interface SandboxThread extends Ready {
  customAudienceMemberCount(id: string): Promise<number>
  close(): Promise<void>
}

export async function startSandboxThread(options: SandboxOptions): Promise<SandboxThread> {
  const here = import.meta.url
  const tsxRoot = dirname(createRequire(fileURLToPath(here)).resolve('tsx/package.json'))
  const tsx = pathToFileURL(join(tsxRoot, 'dist', 'esm', 'api', 'index.mjs')).href
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(here)}) })`
  const worker = new Worker(code, { eval: true, workerData: options })
  const answers: ((value: unknown) => void)[] = []
  const ready = await new Promise<Ready>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  worker.on('message', (message: unknown) => answers.shift()?.(message))
  const ask = (request: Request) =>
    new Promise<unknown>((resolve) => {
      answers.push(resolve)
      worker.postMessage(request)
    })
  return {
    ...ready,
    customAudienceMemberCount: async (id) => (await ask({ type: 'members', id })) as number,
    close: async () => {
      await ask({ type: 'close' })
      await worker.terminate()
    },
  }
}

if (!isMainThread && parentPort && (workerData as SandboxOptions | undefined)) {
  const port = parentPort
  if (process.platform === 'linux') {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (Number.isInteger(threadId) && threadId > 0) {
      try {
        execFileSync('chrt', ['--idle', '--pid', '0', String(threadId)], { stdio: 'ignore' })
      } catch {
        // util-linux's chrt is on every Debian; without it, the lowest nice value is the nearest.
        console.warn('bench: chrt not found, the sandbox thread runs at nice 19 rather than idle')
        setPriority(threadId, constants.priority.PRIORITY_LOW)
      }
    }
  }
  const sandbox = await startSandbox(workerData as SandboxOptions)
  port.postMessage({
    apiUrl: sandbox.apiUrl,
    adsUrl: sandbox.adsUrl,
    adsSandboxUrl: sandbox.adsSandboxUrl,
    demo: sandbox.demo,
  } satisfies Ready)
  port.on('message', (request: Request) => {
    if (request.type === 'members') port.postMessage(sandbox.customAudienceMembers(request.id)?.count ?? 0)
    else void sandbox.close().then(() => port.postMessage('closed'))
  })
}
