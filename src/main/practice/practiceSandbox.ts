import type {
  PracticeWorkerData,
  PracticeWorkerMessage,
  PracticeWorkerRequest,
} from '../../../sandbox/worker'
import type { ApiHosts } from '../../shared/hosts'
import { startBundledWorker } from '../platform/bundledWorker'

/**
 * The sandbox that ships inside Ads Studio, on a worker thread: an Electron app has no separate
 * node binary to run it in. Main loads only its entry, sandbox/worker.ts, built as the bundle
 * `practiceSandbox` (electron.vite.config.ts); the sandbox's code is never part of main's own
 * bundle, and only the worker's messages (their types) cross into it.
 */
const ENTRY = { bundle: './practiceSandbox.js', source: '../../../sandbox/worker.ts' }

/** How long a stop waits for the sandbox to save its state before the thread is ended anyway. */
const CLOSE_WAIT_MS = 5_000

export interface PracticeSandbox {
  port: number
  hosts: ApiHosts
  /** The demo app and user the sandbox seeds; public values that open only this sandbox. */
  demo: { consumerKey: string; consumerSecret: string; screenName: string }
  /** Settles when the thread has ended, whether stopped or crashed. */
  exited: Promise<void>
  /** Saves the sandbox's state, closes its server and ends the thread. */
  stop(): Promise<void>
}

export interface PracticeSandboxEvents {
  /** Someone approved on the authorization page; `verifier` is the PIN it shows. */
  onApproved(oauthToken: string, verifier: string): void
  /** The thread failed after it started (it has ended, or is ending). */
  onError(error: unknown): void
}

export function startPracticeSandbox(
  data: PracticeWorkerData,
  events: PracticeSandboxEvents,
): Promise<PracticeSandbox> {
  const worker = startBundledWorker(import.meta.url, ENTRY, { workerData: data })
  // The thread serves only this process: it never keeps it alive on its own.
  worker.unref()
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  let closed: (() => void) | undefined
  let ready = false

  const stop = async (): Promise<void> => {
    const saved = new Promise<void>((resolve) => (closed = resolve))
    worker.postMessage({ type: 'close' } satisfies PracticeWorkerRequest)
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      saved,
      exited,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS))),
    ])
    clearTimeout(timer)
    await worker.terminate()
  }

  return new Promise<PracticeSandbox>((resolve, reject) => {
    worker.on('message', (message: PracticeWorkerMessage) => {
      if (message.type === 'approved') events.onApproved(message.oauthToken, message.verifier)
      else if (message.type === 'closed') closed?.()
      else if (message.type === 'failed') {
        reject(new Error(message.message))
        void worker.terminate()
      } else if (message.type === 'ready') {
        ready = true
        resolve({
          port: message.port,
          hosts: { apiUrl: message.apiUrl, adsUrl: message.adsUrl, adsSandboxUrl: message.adsSandboxUrl },
          demo: {
            consumerKey: message.consumerKey,
            consumerSecret: message.consumerSecret,
            screenName: message.screenName,
          },
          exited,
          stop,
        })
      }
    })
    worker.on('error', (error) => (ready ? events.onError(error) : reject(error)))
    worker.once('exit', (code) => {
      if (!ready) reject(new Error(`the practice platform stopped while starting (exit code ${code})`))
    })
  })
}
