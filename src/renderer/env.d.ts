/// <reference types="vite/client" />
import type { StudioApi } from '../shared/ipc/api'

declare global {
  interface Window {
    /** Exposed by the preload (or the E2E bridge): the app's only way to reach main. */
    readonly studio: StudioApi
  }
}
