/**
 * The sandbox on a worker thread of its own: how an app runs it inside itself (Ads Studio's
 * practice mode, which builds this file as a bundle of its own). The thread that starts it
 * passes a state file and the port it would like; the worker answers with the base URLs and the
 * demo app, reports every approval on the authorization page (so the app can fill the PIN in),
 * and closes, saving its state, when asked. Only this protocol crosses the thread boundary.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { startSandbox, type Sandbox, type SandboxOptions } from './index'

export interface PracticeWorkerData {
  /** The state is loaded from here if the file exists, and every change is written back. */
  dataFile: string
  /** Tried first (the address of the last run); any free port when it is taken or absent. */
  port?: number
  /** Outside edits on a schedule, in the --outside-edits syntax (`every=30s,kinds=all`); none when absent. */
  outsideEdits?: string
}

export type PracticeWorkerRequest = { type: 'close' }

export type PracticeWorkerMessage =
  | {
      type: 'ready'
      port: number
      apiUrl: string
      adsUrl: string
      adsSandboxUrl: string
      consumerKey: string
      consumerSecret: string
      screenName: string
    }
  | { type: 'failed'; message: string }
  | { type: 'approved'; oauthToken: string; verifier: string }
  | { type: 'closed' }

function isPortTaken(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'EADDRINUSE'
}

/** The wanted port if it is free, else any free one. */
async function startOnPort(options: SandboxOptions, port: number | undefined): Promise<Sandbox> {
  if (port === undefined) return startSandbox({ ...options, port: 0 })
  try {
    return await startSandbox({ ...options, port })
  } catch (error) {
    if (!isPortTaken(error)) throw error
    return startSandbox({ ...options, port: 0 })
  }
}

async function serve(data: PracticeWorkerData, post: (message: PracticeWorkerMessage) => void) {
  const sandbox = await startOnPort(
    {
      dataFile: data.dataFile,
      ...(data.outsideEdits !== undefined ? { outsideEdits: data.outsideEdits } : {}),
      onApproved: ({ oauthToken, verifier }) => post({ type: 'approved', oauthToken, verifier }),
    },
    data.port,
  )
  post({
    type: 'ready',
    port: sandbox.port,
    apiUrl: sandbox.apiUrl,
    adsUrl: sandbox.adsUrl,
    adsSandboxUrl: sandbox.adsSandboxUrl,
    consumerKey: sandbox.demo.consumerKey,
    consumerSecret: sandbox.demo.consumerSecret,
    screenName: sandbox.demo.screenName,
  })
  return sandbox
}

if (!isMainThread && parentPort) {
  const port = parentPort
  const post = (message: PracticeWorkerMessage) => port.postMessage(message)
  const started = serve(workerData as PracticeWorkerData, post)
  started.catch((error: unknown) =>
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  )
  port.on('message', (request: PracticeWorkerRequest) => {
    if (request.type !== 'close') return
    void started
      .then((sandbox) => sandbox.close())
      .catch(() => undefined)
      .then(() => {
        post({ type: 'closed' })
        port.close()
      })
  })
}
