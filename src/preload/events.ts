import type { StudioOn } from '../shared/ipc/api'
import { checkEvent, EVENT_CHANNEL, type EventName, type StudioEvent } from '../shared/ipc/events'

/** The part of ipcRenderer the events need (the E2E harness's stand-in gives the same). */
export interface EventSource {
  on(channel: string, listener: (event: unknown, message: unknown) => void): unknown
}

/**
 * window.studio.on: one listener on EVENT_CHANNEL for the whole page, handing each event to the
 * handlers of its name. Each message is checked against its schema again here, so a handler
 * sees only a declared payload; anything else is dropped. The page never gets ipcRenderer, nor
 * the Electron event (it carries the sender).
 */
export function createEventSubscriber(source: EventSource): StudioOn {
  const handlers = new Map<EventName, Set<(payload: never) => void>>()
  let listening = false
  const deliver = (message: unknown) => {
    const { name, payload } = (message ?? {}) as Partial<StudioEvent>
    const checked = checkEvent(name, payload)
    if (!checked.ok) return
    for (const handler of [...(handlers.get(checked.event.name) ?? [])]) {
      // One failing handler must not keep the event from the others.
      try {
        ;(handler as (payload: unknown) => void)(checked.event.payload)
      } catch (error) {
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }
  return (name, handler) => {
    if (!listening) {
      listening = true
      source.on(EVENT_CHANNEL, (_event, message) => deliver(message))
    }
    let named = handlers.get(name)
    if (!named) handlers.set(name, (named = new Set()))
    const entry = (payload: never) => handler(payload)
    named.add(entry)
    return () => void named.delete(entry)
  }
}
