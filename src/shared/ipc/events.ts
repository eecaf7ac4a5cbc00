import type { z } from 'zod'
import { EVENT_NAMES, type EventName } from './channels'
import { audiencesEvents } from './contracts/audiences'
import { catalogEvents } from './contracts/catalogs'
import { draftsEvents } from './contracts/drafts'
import { mirrorEvents } from './contracts/mirror'
import { changesEvents } from './contracts/changes'
import { outboxEvents } from './contracts/outbox'

export { EVENT_CHANNEL, EVENT_NAMES, type EventName } from './channels'

/**
 * Every event main pushes to the window (the `listen` half of the contract; contract.ts is the
 * `call` half), with the schema of its payload. Main checks each payload before it is sent and
 * the preload checks it again before a page handler sees it, as for requests and responses: a
 * payload carries nothing the renderer may not see, and a field the schema does not declare is
 * dropped. Each part lives beside its channels in contracts/.
 */
export const events = {
  ...outboxEvents,
  ...draftsEvents,
  ...catalogEvents,
  ...audiencesEvents,
  ...mirrorEvents,
  ...changesEvents,
} as const satisfies { [E in EventName]: z.ZodType }

export type Events = typeof events
/** What a handler receives. */
export type EventPayload<E extends EventName> = z.output<Events[E]>
/** What main may hand the emitter (before the schema strips and checks it). */
export type EventPayloadInput<E extends EventName> = z.input<Events[E]>

/** One event as it travels on EVENT_CHANNEL. */
export interface StudioEvent<E extends EventName = EventName> {
  name: E
  payload: EventPayload<E>
}

export type CheckedEvent = { ok: true; event: StudioEvent } | { ok: false; problem: string }

const known = new Set<string>(EVENT_NAMES)

/**
 * An event as its schema reads it, undeclared fields dropped; refused when the name is not an
 * event or the payload does not match. Main checks with it before sending, the preload on receipt.
 */
export function checkEvent(name: unknown, payload: unknown): CheckedEvent {
  if (typeof name !== 'string' || !known.has(name))
    return { ok: false, problem: `There is no event named ${String(name)}.` }
  const parsed = events[name as EventName].safeParse(payload)
  if (!parsed.success)
    return { ok: false, problem: `The ${name} event does not match its schema: ${parsed.error.message}` }
  return { ok: true, event: { name: name as EventName, payload: parsed.data } as StudioEvent }
}
