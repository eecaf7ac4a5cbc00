/**
 * The whole preload: window.studio with one method per contract channel, nothing else.
 * It is bundled into one CommonJS file because a sandboxed preload can only require electron.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { createStudioApi } from '../shared/ipc/api'
import { CHANNELS } from '../shared/ipc/channels'

contextBridge.exposeInMainWorld(
  'studio',
  createStudioApi(CHANNELS, (channel, request) => ipcRenderer.invoke(channel, request)),
)
