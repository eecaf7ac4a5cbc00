import type { EventName } from '../../src/shared/ipc/channels'
import type { EventPayload } from '../../src/shared/ipc/events'

/**
 * window.studio.on as the preload offers it, for a component test's fake of window.studio:
 * `emit` hands an event to its handlers as the preload does when main sends one.
 */
export function fakeEvents() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>()
  return {
    on(name: EventName, handler: (payload: never) => void) {
      const named = handlers.get(name) ?? new Set()
      handlers.set(name, named)
      const entry = (payload: unknown) => handler(payload as never)
      named.add(entry)
      return () => void named.delete(entry)
    },
    emit<E extends EventName>(name: E, payload: EventPayload<E>) {
      for (const handler of [...(handlers.get(name) ?? [])]) handler(payload)
    },
    /** How many handlers listen to `name` now. */
    listeners: (name: EventName) => handlers.get(name)?.size ?? 0,
  }
}
