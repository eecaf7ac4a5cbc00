import type { StudioApi } from '../../shared/ipc/api'
import type { EventName } from '../../shared/ipc/channels'
import type { EventPayload } from '../../shared/ipc/events'
import type { IpcError, IpcResult } from '../../shared/ipc/result'

/** A failed IPC call, carrying the person-facing error from main. */
export class IpcFailure extends Error {
  readonly error: IpcError
  constructor(error: IpcError) {
    super(error.message)
    this.name = 'IpcFailure'
    this.error = error
  }
}

export async function unwrap<T>(call: Promise<IpcResult<T>>): Promise<T> {
  const result = await call
  if (!result.ok) throw new IpcFailure(result.error)
  return result.value
}

export function studio() {
  return window.studio
}

/**
 * Subscribes to one of main's events (window.studio.on), the renderer's way to follow what main
 * does instead of asking again and again; returns the unsubscribe. A page without events (a
 * component test's partial fake of window.studio) hears none.
 */
export function listen<E extends EventName>(
  name: E,
  handler: (payload: EventPayload<E>) => void,
): () => void {
  const on = (studio() as Partial<StudioApi> | undefined)?.on
  return on ? on(name, handler) : () => {}
}
