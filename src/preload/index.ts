/**
 * The whole preload: window.studio with one method per contract channel, nothing else.
 * It is bundled into one CommonJS file because a sandboxed preload can only require electron.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron'
import { createStudioApi } from '../shared/ipc/api'
import { CHANNELS } from '../shared/ipc/channels'

contextBridge.exposeInMainWorld(
  'studio',
  createStudioApi(CHANNELS, (channel, request) => ipcRenderer.invoke(channel, request)),
)

// Dropped files: the one thing the page cannot learn itself is a File's path on disk. Main
// still reads and checks the file; this only names it.
contextBridge.exposeInMainWorld('studioFiles', {
  pathForFile: (file: Parameters<typeof webUtils.getPathForFile>[0]) => webUtils.getPathForFile(file),
})
