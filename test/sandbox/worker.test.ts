import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutsideChange } from '../../sandbox/index'
import type { PracticeWorkerData, PracticeWorkerMessage } from '../../sandbox/worker'
import { admin } from './helpers/admin'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-worker-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

function next(worker: Worker, type: PracticeWorkerMessage['type']): Promise<PracticeWorkerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: PracticeWorkerMessage): void => {
      if (message.type === 'failed') reject(new Error(message.message))
      if (message.type !== type) return
      worker.off('message', onMessage)
      resolve(message)
    }
    worker.on('message', onMessage)
    worker.once('error', reject)
  })
}

describe('the sandbox on a worker thread (practice mode)', () => {
  it('plays the rest of the world when asked to, and closes on request', async () => {
    const workerData: PracticeWorkerData = {
      dataFile: join(dir, 'state.json'),
      outsideEdits: 'every=20ms,kinds=cards',
    }
    // The worker's TypeScript runs through tsx's loader, registered inside the thread.
    const tsx = import.meta.resolve('tsx/esm/api')
    const entry = new URL('../../sandbox/worker.ts', import.meta.url).href
    const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}) })`
    const worker = new Worker(boot, { eval: true, workerData })
    try {
      const ready = await next(worker, 'ready')
      if (ready.type !== 'ready') throw new Error('not ready')
      let changes: OutsideChange[] = []
      for (let i = 0; i < 100 && changes.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        changes = (await admin<OutsideChange[]>(ready, 'GET', '/outside-edits')).body.data ?? []
      }
      expect(changes[0]).toMatchObject({ kind: 'cards', action: 'edit', source: 'schedule' })
      const closed = next(worker, 'closed')
      worker.postMessage({ type: 'close' })
      await closed
    } finally {
      await worker.terminate()
    }
  })
})
