import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcSender } from '../../src/main/ipc/senderPolicy'
import { CHROMIUM_ARGS, findChromium } from './chromium'
import { connectIpcBridge, PAGE_INVOKE } from './ipcBridge'
import { serveDirectory, type StaticServer } from './staticServer'

// The harness's stand-in for Electron's IPC, on its own: what a call carries to the handler,
// which frame main is told sent it, and what comes back.
let browser: Browser
let server: StaticServer
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ads-studio-bridge-'))
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><title>Top</title><iframe src="frame.html"></iframe>',
  )
  await writeFile(join(dir, 'frame.html'), '<!doctype html><title>Inner</title>')
  await writeFile(join(dir, 'other.html'), '<!doctype html><title>Other</title>')
  server = await serveDirectory(dir)
  browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true })
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await rm(dir, { recursive: true, force: true })
})

interface Call {
  channel: string
  sender: IpcSender
  payload: unknown
}

async function bridgedPage(handle: (call: Call) => unknown): Promise<{ page: Page; calls: Call[] }> {
  const context = await browser.newContext()
  // As the harness's preload stand-in: invoke stays in the script's closure; the test reaches it
  // through a name of its own.
  await context.addInitScript({
    content: `(() => { const invoke = ${PAGE_INVOKE}; window.__testInvoke = invoke })()`,
  })
  const page = await context.newPage()
  const calls: Call[] = []
  await connectIpcBridge(page, async (channel, sender, payload) => {
    calls.push({ channel, sender, payload })
    return handle({ channel, sender, payload })
  })
  return { page, calls }
}

/** The page's window, with the test's name for the bridge's invoke (see bridgedPage). */
type BridgedWindow = { __testInvoke(channel: string, request: unknown): Promise<unknown> }

const invokeIn = ([channel, request]: [string, unknown]) =>
  (window as unknown as BridgedWindow).__testInvoke(channel, request)

describe('the E2E IPC bridge', () => {
  it('carries a call and its answer whole, and names the main frame as its sender', async () => {
    const answer = {
      ok: true,
      value: { text: 'Ünïcode \u2028 "quoted" ✓', list: [1, 2.5, null], nested: { deep: [{}] } },
    }
    const { page, calls } = await bridgedPage(() => answer)
    await page.goto(`${server.origin}/index.html`)
    const request = { name: 'Spring sale', tags: ['a', 'b'], count: 3 }
    expect(await page.evaluate(invokeIn, ['drafts.create', request] as [string, unknown])).toEqual(answer)
    expect(calls).toEqual([
      {
        channel: 'drafts.create',
        sender: { url: `${server.origin}/index.html`, isMainFrame: true },
        payload: request,
      },
    ])
    await page.context().close()
  })

  it('names an iframe as a subframe, with its own URL', async () => {
    const { page, calls } = await bridgedPage(() => null)
    await page.goto(`${server.origin}/index.html`)
    const inner = page.frames().find((frame) => frame.url().endsWith('/frame.html'))!
    expect(inner).toBeDefined()
    expect(await inner.evaluate(invokeIn, ['app.info', {}] as [string, unknown])).toBeNull()
    expect(calls.map((call) => call.sender)).toEqual([
      { url: `${server.origin}/frame.html`, isMainFrame: false },
    ])
    await page.context().close()
  })

  it('follows the main frame to a new document and to a new fragment', async () => {
    const { page, calls } = await bridgedPage(() => 'ok')
    await page.goto(`${server.origin}/index.html`)
    await page.goto(`${server.origin}/other.html#/drafts`)
    expect(await page.evaluate(invokeIn, ['app.info', {}] as [string, unknown])).toBe('ok')
    expect(calls[0]!.sender).toEqual({ url: `${server.origin}/other.html#/drafts`, isMainFrame: true })
    // The app's own routing: a new fragment in the same document.
    await page.evaluate(() => (location.hash = '#/catalog'))
    await page.evaluate(invokeIn, ['app.info', {}] as [string, unknown])
    expect(calls[1]!.sender).toEqual({ url: `${server.origin}/other.html#/catalog`, isMainFrame: true })
    await page.context().close()
  })

  it("rejects the page's call with the handler's message when the handler throws", async () => {
    const { page } = await bridgedPage(() => {
      throw new Error('IPC before the services were created')
    })
    await page.goto(`${server.origin}/index.html`)
    await expect(page.evaluate(invokeIn, ['app.info', {}] as [string, unknown])).rejects.toThrow(
      'IPC before the services were created',
    )
    await page.context().close()
  })

  it('answers calls made at once each to its own caller, whatever order the answers come in', async () => {
    const { page } = await bridgedPage(
      (call) =>
        new Promise((resolve) => setTimeout(() => resolve(call.payload), call.payload === 0 ? 50 : 0)),
    )
    await page.goto(`${server.origin}/index.html`)
    // Inside one evaluate, so the four calls are pending in the page at once.
    const answers = await page.evaluate(() =>
      Promise.all([0, 1, 2, 3].map((n) => (window as unknown as BridgedWindow).__testInvoke('x', n))),
    )
    expect(answers).toEqual([0, 1, 2, 3])
    await page.context().close()
  })
})
