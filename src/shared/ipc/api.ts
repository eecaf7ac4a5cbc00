import type { Channel, EventName, PageChannel } from './channels'
import type { RequestOf, ResponseOf } from './contract'
import type { EventPayload } from './events'
import type { IpcResult } from './result'

type NamespaceOf<C extends string> = C extends `${infer N}.${string}` ? N : never
type MethodOf<C extends string, N extends string> = C extends `${N}.${infer M}` ? M : never

/** Subscribes `handler` to one of main's events; the function it returns unsubscribes. */
export type StudioOn = <E extends EventName>(
  event: E,
  handler: (payload: EventPayload<E>) => void,
) => () => void

/**
 * `window.studio`: one method per channel, grouped by namespace (no generic invoke), and `on`
 * for main's events (events.ts).
 */
export type StudioApi = {
  [N in NamespaceOf<PageChannel>]: {
    [M in MethodOf<PageChannel, N>]: `${N}.${M}` extends infer C extends PageChannel
      ? (request: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>
      : never
  }
} & { on: StudioOn }

export type Invoke = (channel: Channel, request: unknown) => Promise<unknown>

/**
 * Builds `window.studio` from the channel list, one transport function and the events'
 * subscriber. The preload passes ipcRenderer.invoke and its validating `on` (preload/events.ts);
 * the E2E bridge reaches both through the same preload. Each method can reach only its own channel.
 */
export function createStudioApi(channelNames: readonly Channel[], invoke: Invoke, on: StudioOn): StudioApi {
  const api: Record<string, unknown> = {}
  for (const channel of channelNames) {
    const [namespace, method] = channel.split('.') as [string, string]
    const group = (api[namespace] ??= {}) as Record<string, (request: unknown) => Promise<unknown>>
    group[method] = (request: unknown) => invoke(channel, request ?? {})
  }
  for (const group of Object.values(api)) Object.freeze(group)
  api.on = on
  return Object.freeze(api) as unknown as StudioApi
}
