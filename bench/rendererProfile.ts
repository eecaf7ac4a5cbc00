/**
 * The renderer's JavaScript self time per function over a stretch of a bench, from a V8 CPU
 * profile taken through the DevTools protocol: where the main thread's script time goes.
 */
import type { Page } from 'playwright-core'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}

export async function startRendererProfile(page: Page, top = 25) {
  const session = await page.context().newCDPSession(page)
  await session.send('Profiler.enable')
  await session.send('Profiler.setSamplingInterval', { interval: 200 })
  await session.send('Profiler.start')
  return {
    async stop(): Promise<[string, number][]> {
      const { profile } = (await session.send('Profiler.stop')) as unknown as {
        profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
      }
      await session.detach()
      const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
      const self = new Map<string, number>()
      profile.samples.forEach((id, index) => {
        const frame = nodes.get(id)!.callFrame
        if (['(idle)', '(program)', '(root)'].includes(frame.functionName)) return
        const where = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1) ?? ''}:${frame.lineNumber + 1}`
        self.set(where, (self.get(where) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000)
      })
      return [...self].sort((a, b) => b[1] - a[1]).slice(0, top)
    },
  }
}
