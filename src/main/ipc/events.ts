import type { EventName } from '../../shared/ipc/channels'
import { checkEvent, type EventPayloadInput, type StudioEvent } from '../../shared/ipc/events'

/** Where checked events go: the window (webContents.send in index.ts), the E2E bridge, tests. */
export type EventSink = (event: StudioEvent) => void

export interface EventEmitter {
  /**
   * Checks the payload against its event's schema and hands what the schema declares to every
   * sink; a payload that does not match is not sent at all (and is reported).
   */
  emit<E extends EventName>(name: E, payload: EventPayloadInput<E>): void
  subscribe(sink: EventSink): () => void
}

/**
 * The sending half of the events (src/shared/ipc/events.ts), as the dispatcher is for calls:
 * nothing reaches the renderer that its schema does not declare, so no secret or internal field
 * can leave main by an event. Without a sink nothing is checked or sent.
 */
export function createEventEmitter(
  onProblem: (name: string, error: unknown) => void = () => {},
): EventEmitter {
  const sinks = new Set<EventSink>()
  return {
    emit(name, payload) {
      if (sinks.size === 0) return
      const checked = checkEvent(name, payload)
      if (!checked.ok) return onProblem(`event ${name}`, new Error(checked.problem))
      for (const sink of [...sinks]) {
        try {
          sink(checked.event)
        } catch (error) {
          onProblem(`event ${name}`, error)
        }
      }
    },
    subscribe(sink) {
      sinks.add(sink)
      return () => void sinks.delete(sink)
    },
  }
}

/**
 * Gathers what happens within one turn of the event loop and hands on the latest value of each
 * key once, right after it: 400 products answered in a row make one catalog.changed, not 400.
 */
export function coalesce<K, V>(flush: (key: K, value: V) => void): (key: K, value: V) => void {
  const pending = new Map<K, V>()
  let scheduled = false
  return (key, value) => {
    pending.set(key, value)
    if (scheduled) return
    scheduled = true
    setImmediate(() => {
      scheduled = false
      const batch = [...pending]
      pending.clear()
      for (const [each, latest] of batch) flush(each, latest)
    })
  }
}
