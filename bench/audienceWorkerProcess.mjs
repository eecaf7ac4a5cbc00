/**
 * Runs the built hashing worker (out/main/audienceHashWorker.js) the way the app starts it, in
 * a plain Node process of its own — no tsx loader, nothing else loaded — and prints one JSON
 * line: wall and CPU time of the pre-send report (worker start included), and the process's
 * RSS peak over its baseline once the worker is up. bench/audiences.ts starts it.
 * argv: workerPath, layout JSON, resourceLimits JSON.
 */
import { Worker } from 'node:worker_threads'

const [, , workerPath, layoutJson, limitsJson] = process.argv
const layout = JSON.parse(layoutJson)
const resourceLimits = JSON.parse(limitsJson)

const start = performance.now()
const cpu = process.cpuUsage()
const worker = new Worker(workerPath, { resourceLimits })
await new Promise((resolve) => worker.once('online', resolve))
const baseline = process.memoryUsage.rss()
let peak = baseline
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20)
const done = await new Promise((resolve, reject) => {
  worker.on('message', (message) => {
    if (message.type === 'done') resolve(message)
    else if (message.type === 'error') reject(new Error(message.message))
  })
  worker.on('error', reject)
  worker.postMessage({ type: 'report', layout })
})
clearInterval(sampler)
peak = Math.max(peak, process.memoryUsage.rss())
const used = process.cpuUsage(cpu)
await worker.terminate()
console.log(
  JSON.stringify({
    ms: performance.now() - start,
    cpuMs: (used.user + used.system) / 1000,
    baselineMb: baseline / 2 ** 20,
    growthMb: (peak - baseline) / 2 ** 20,
    counts: done.counts,
  }),
)
