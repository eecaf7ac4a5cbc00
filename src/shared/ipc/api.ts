import type { Channel, PageChannel } from './channels'
import type { RequestOf, ResponseOf } from './contract'
import type { IpcResult } from './result'

type NamespaceOf<C extends string> = C extends `${infer N}.${string}` ? N : never
type MethodOf<C extends string, N extends string> = C extends `${N}.${infer M}` ? M : never

/** `window.studio`: one method per channel, grouped by namespace; no generic invoke. */
export type StudioApi = {
  [N in NamespaceOf<PageChannel>]: {
    [M in MethodOf<PageChannel, N>]: `${N}.${M}` extends infer C extends PageChannel
      ? (request: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>
      : never
  }
}

export type Invoke = (channel: Channel, request: unknown) => Promise<unknown>

/**
 * Builds `window.studio` from the channel list and one transport function. The preload passes
 * ipcRenderer.invoke; the E2E bridge passes a DevTools protocol binding. Both stay this narrow:
 * each method can reach only its own channel.
 */
export function createStudioApi(channelNames: readonly Channel[], invoke: Invoke): StudioApi {
  const api: Record<string, Record<string, (request: unknown) => Promise<unknown>>> = {}
  for (const channel of channelNames) {
    const [namespace, method] = channel.split('.') as [string, string]
    const group = (api[namespace] ??= {})
    group[method] = (request: unknown) => invoke(channel, request ?? {})
  }
  for (const group of Object.values(api)) Object.freeze(group)
  return Object.freeze(api) as unknown as StudioApi
}
