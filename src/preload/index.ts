/**
 * The whole preload: window.studio with one method per contract channel, and the dropped
 * files' paths; nothing else is exposed. (It also warms ICU for the page's start: warmIcu.ts.)
 * It is bundled into one CommonJS file because a sandboxed preload can only require electron.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron'
import { createStudioApi } from '../shared/ipc/api'
import { PAGE_CHANNELS } from '../shared/ipc/channels'
import { warmIcuWhenIdle } from './warmIcu'

contextBridge.exposeInMainWorld(
  'studio',
  createStudioApi(PAGE_CHANNELS, (channel, request) => ipcRenderer.invoke(channel, request)),
)

// Dropped files: the one thing the page cannot learn itself is a File's path on disk, and it
// must not be able to name one. Only a real dropped File has a path here; main grants that
// file a token and reads it. A page-made File has no path, and nothing is sent.
contextBridge.exposeInMainWorld('studioFiles', {
  inspectDroppedFile: (file: Parameters<typeof webUtils.getPathForFile>[0]) => {
    const path = webUtils.getPathForFile(file)
    return path ? ipcRenderer.invoke('media.inspectDropped', { path }) : Promise.resolve(null)
  },
})

warmIcuWhenIdle()
