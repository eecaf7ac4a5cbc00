import { describe, expect, it } from 'vitest'
import { describeRun, runSupervised } from '../../support/supervisedChild'

/** The watchdog the process-spawning tests share: it stops a silent child, never a slow one. */

const node = (script: string, quietMs: number, onLine?: (line: string, kill: () => void) => void) =>
  runSupervised(process.execPath, ['-e', script], { quietMs, ...(onLine ? { onLine } : {}) })

describe('a supervised child', { timeout: 60_000 }, () => {
  it('runs to its end while it keeps printing, however long that takes in all', async () => {
    // Ten ticks a second apart: ten seconds in all, more than the quiet period, never silent for it.
    const run = await node(
      `let n = 0; const t = setInterval(() => { console.log('tick ' + ++n); if (n === 10) clearInterval(t) }, 1000)`,
      8_000,
    )
    expect(run.killedBy, describeRun('the ticking child', run)).toBeNull()
    expect(run.code).toBe(0)
    expect(run.lines).toHaveLength(10)
    expect(run.elapsedMs).toBeGreaterThan(run.quietMs)
  })

  it('is killed by the watchdog once silent, and its description says so with its output', async () => {
    const run = await node(
      `console.log('published 76'); console.error('stuck on a lock'); setInterval(() => {}, 1e6)`,
      4_000,
    )
    expect(run.killedBy).toBe('watchdog')
    expect(run.signal).toBe('SIGKILL')
    const said = describeRun('the publishing child', run, '76 of 100 drafts')
    expect(said).toMatch(
      /^the publishing child was killed by the watchdog \(no output for 4 s\) after 76 of 100 drafts, \d+ s in all; /,
    )
    expect(said).toContain('its stderr: stuck on a lock')
    expect(said).toContain('its last lines: published 76')
  })

  it('tells a kill the test asked for from the watchdog’s, and an exit from both', async () => {
    const killed = await node(`console.log('ready'); setInterval(() => {}, 1e6)`, 30_000, (line, kill) => {
      if (line === 'ready') kill()
    })
    expect(killed.killedBy).toBe('test')
    expect(describeRun('the writer', killed)).toMatch(/^the writer was killed by the test, /)

    const failed = await node(`console.error('no keychain'); process.exit(3)`, 30_000)
    expect(failed.killedBy).toBeNull()
    expect(describeRun('the writer', failed)).toMatch(
      /^the writer exited with code 3, .*its stderr: no keychain/,
    )
  })
})
