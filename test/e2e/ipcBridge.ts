import type { Page } from 'playwright-core'
import type { IpcSender } from '../../src/main/ipc/senderPolicy'

/** What answers the page's IPC calls: main's dispatcher, or a stand-in. */
export type IpcHandler = (channel: string, sender: IpcSender, payload: unknown) => Promise<unknown>

/** The page's name for the bridge's sending end; the preload stand-in takes it off `window`. */
const SEND = '__adsStudioSend'
/** Where the bridge settles the page's calls (see PAGE_INVOKE: a page can settle only its own). */
const SETTLE = '__adsStudioSettle'
/** Where the bridge delivers main's events (see PAGE_ON). */
const DELIVER = '__adsStudioEvent'

/**
 * The page's half of the bridge, an expression for the preload stand-in's script (run before
 * any of the page's own): it evaluates to ipcRenderer.invoke, kept in that script's closure as
 * Electron keeps it in the preload's world. A call goes out as one JSON string and its answer
 * comes back as one, parsed here: the cost Electron's structured clone has, and no more.
 *
 * `SETTLE` stays on `window`, so a hostile page could settle its own pending calls with answers
 * of its choosing. That deceives nobody but itself: what main trusts is the sending side, and
 * every call still reaches the dispatcher with the frame that sent it (see `sender` below).
 */
export const PAGE_INVOKE = `(() => {
  const send = window.${SEND};
  delete window.${SEND};
  if (typeof send !== 'function') return () => Promise.reject(new Error('No IPC bridge in this frame'));
  const waiting = new Map();
  let lastId = 0;
  Object.defineProperty(window, '${SETTLE}', {
    value: (id, answer, failure) => {
      const call = waiting.get(id);
      if (!call) return;
      waiting.delete(id);
      if (failure !== null) call.reject(new Error(failure));
      else call.resolve(answer === null ? undefined : JSON.parse(answer));
    },
  });
  return (channel, request) =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      waiting.set(id, { resolve, reject });
      send(JSON.stringify({ id, channel, request }));
    });
})()`

/**
 * The page's half of main's events, an expression for the preload stand-in's script: it
 * evaluates to ipcRenderer.on, kept in that script's closure. Each message comes as one JSON
 * string (Electron's structured clone, no more). As with SETTLE, a page that calls DELIVER itself
 * deceives only itself.
 */
export const PAGE_ON = `(() => {
  const listeners = [];
  Object.defineProperty(window, '${DELIVER}', {
    value: (channel, message) => {
      const parsed = JSON.parse(message);
      for (const entry of listeners) if (entry.channel === channel) entry.listener({}, parsed);
    },
  });
  return (channel, listener) => { listeners.push({ channel, listener }); };
})()`

/** Sends one message to the page's top frame, as webContents.send does (events). */
export type PageSend = (channel: string, message: unknown) => void

interface FrameFacts {
  url: string
  parentId?: string
}

/**
 * The E2E harness's stand-in for Electron's IPC: a Chrome DevTools Protocol binding on the page
 * (Runtime.addBinding), answered with Runtime.callFunctionOn.
 *
 * Playwright's exposeBinding would do the same job, but it delivers each answer by evaluating
 * it in the page through Playwright's own value serialisation: a 5,000-row drafts page took
 * about 1.1 s from call to answer in the page, and a small call 5.5 ms, where Electron's
 * ipcRenderer.invoke takes a structured clone. The bench times the app through this harness, so
 * the bridge must not add what Electron does not (rule P18, bench/PERFORMANCE.md).
 *
 * Each call's sender is the frame whose page context made it, as Electron's event.senderFrame:
 * its URL and whether it is the page's main frame, tracked from the protocol's own events.
 */
export async function connectIpcBridge(page: Page, handle: IpcHandler): Promise<PageSend> {
  const session = await page.context().newCDPSession(page)
  const frames = new Map<string, FrameFacts>()
  const frameOfContext = new Map<number, string>()

  session.on('Page.frameNavigated', ({ frame }) =>
    frames.set(frame.id, { url: frame.url + (frame.urlFragment ?? ''), parentId: frame.parentId }),
  )
  // The app routes by the URL's fragment: a same-document navigation, which frameNavigated
  // does not report.
  session.on('Page.navigatedWithinDocument', ({ frameId, url }) => {
    const frame = frames.get(frameId)
    if (frame) frames.set(frameId, { ...frame, url })
  })
  session.on('Page.frameDetached', ({ frameId }) => frames.delete(frameId))
  session.on('Runtime.executionContextCreated', ({ context: created }) => {
    const frameId = (created.auxData as { frameId?: string } | undefined)?.frameId
    if (frameId) frameOfContext.set(created.id, frameId)
  })
  session.on('Runtime.executionContextDestroyed', ({ executionContextId }) =>
    frameOfContext.delete(executionContextId),
  )
  session.on('Runtime.executionContextsCleared', () => frameOfContext.clear())

  function sender(executionContextId: number): IpcSender {
    const frameId = frameOfContext.get(executionContextId)
    const frame = frameId === undefined ? undefined : frames.get(frameId)
    return { url: frame?.url, isMainFrame: frame !== undefined && frame.parentId === undefined }
  }

  session.on('Runtime.bindingCalled', ({ name, payload, executionContextId }) => {
    if (name !== SEND) return
    void answer(executionContextId, payload)
  })

  async function answer(executionContextId: number, payload: string): Promise<void> {
    let id: unknown
    let result: string | null = null
    let failure: string | null = null
    try {
      const call = JSON.parse(payload) as { id: unknown; channel: unknown; request: unknown }
      id = call.id
      if (typeof call.channel !== 'string') throw new Error('An IPC call without a channel.')
      const value = await handle(call.channel, sender(executionContextId), call.request)
      result = value === undefined ? null : JSON.stringify(value)
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error)
    }
    if (typeof id !== 'number') return
    await session
      .send('Runtime.callFunctionOn', {
        functionDeclaration: `(id, answer, failure) => window.${SETTLE}(id, answer, failure)`,
        executionContextId,
        arguments: [{ value: id }, { value: result }, { value: failure }],
      })
      // The page may have navigated or closed meanwhile, as an Electron window may: nobody waits.
      .catch(() => undefined)
  }

  await Promise.all([
    session.send('Page.enable'),
    session.send('Runtime.enable'),
    session.send('Runtime.addBinding', { name: SEND }),
  ])
  const { frameTree } = await session.send('Page.getFrameTree')
  if (!frames.has(frameTree.frame.id)) frames.set(frameTree.frame.id, { url: frameTree.frame.url })

  // On the same session as the answers, so the page gets answers and events in the order sent.
  return (channel, message) => {
    const args = [channel, JSON.stringify(message)].map((value) => JSON.stringify(value)).join(', ')
    session
      .send('Runtime.evaluate', { expression: `window.${DELIVER}?.(${args})` })
      // The page may have navigated or closed meanwhile, as an Electron window may: nobody waits.
      .catch(() => undefined)
  }
}
