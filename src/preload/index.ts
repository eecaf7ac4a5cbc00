/**
 * The whole preload: window.studio with one method per contract channel and `on` for main's
 * events (events.ts), and the dropped files' paths; nothing else is exposed. (It also warms ICU for the page's start: warmIcu.ts.)
 * It is bundled into one CommonJS file because a sandboxed preload can only require electron.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron'
import { createStudioApi } from '../shared/ipc/api'
import { PAGE_CHANNELS } from '../shared/ipc/channels'
import { createEventSubscriber } from './events'
import { warmIcuWhenIdle } from './warmIcu'

contextBridge.exposeInMainWorld(
  'studio',
  createStudioApi(
    PAGE_CHANNELS,
    (channel, request) => ipcRenderer.invoke(channel, request),
    createEventSubscriber(ipcRenderer),
  ),
)

// Dropped files: the one thing the page cannot learn itself is a File's path on disk, and it
// must not be able to name one. Only a real dropped File has a path here; main grants that
// file a token and reads it. A page-made File has no path, and nothing is sent. The drop key is
// asked for now, before any of the page's scripts run: main hands it out once per document, so
// a renderer that sends IPC itself, without this preload, cannot prove a drop.
const dropKey: Promise<string | undefined> = ipcRenderer.invoke('media.dropKey', {}).then(
  (answer: { ok?: boolean; value?: { key?: string } } | undefined) =>
    answer?.ok === true ? answer.value?.key : undefined,
  () => undefined,
)

contextBridge.exposeInMainWorld('studioFiles', {
  inspectDroppedFile: async (file: Parameters<typeof webUtils.getPathForFile>[0]) => {
    const path = webUtils.getPathForFile(file)
    const key = await dropKey
    return path && key ? ipcRenderer.invoke('media.inspectDropped', { path, key }) : null
  },
})

warmIcuWhenIdle()
