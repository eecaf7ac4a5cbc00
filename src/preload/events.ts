import type { StudioOn } from '../shared/ipc/api'
import { EVENT_CHANNEL, EVENT_NAMES, type EventName } from '../shared/ipc/channels'

/** The part of ipcRenderer the events need (the E2E harness's stand-in gives the same). */
export interface EventSource {
  on(channel: string, listener: (event: unknown, message: unknown) => void): unknown
}

/**
 * window.studio.on: one listener on EVENT_CHANNEL for the whole page, handing each event to the
 * handlers of its name. Only main sends on this channel, and main's emitter has checked each
 * payload against its schema and dropped undeclared fields (src/main/ipc/events.ts); here a
 * message with an unknown name or a payload that is not an object is dropped. The schemas are
 * not checked again: they would bring zod into the preload, which every page start waits for
 * (rule P11, bench/PERFORMANCE.md). The page never gets ipcRenderer, nor the Electron event
 * (it carries the sender).
 */
const known: ReadonlySet<string> = new Set(EVENT_NAMES)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
export function createEventSubscriber(source: EventSource): StudioOn {
  const handlers = new Map<EventName, Set<(payload: never) => void>>()
  let listening = false
  const deliver = (message: unknown) => {
    if (!isRecord(message)) return
    const { name, payload } = message
    if (typeof name !== 'string' || !known.has(name) || !isRecord(payload)) return
    for (const handler of [...(handlers.get(name as EventName) ?? [])]) {
      // One failing handler must not keep the event from the others.
      try {
        ;(handler as (payload: unknown) => void)(payload)
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
