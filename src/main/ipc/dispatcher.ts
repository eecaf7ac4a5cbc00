import type { z } from 'zod'
import { CHANNELS, type Channel } from '../../shared/ipc/channels'
import { contract, type ParsedRequestOf, type ResponseOf } from '../../shared/ipc/contract'
import { fail, ok, type IpcError, type IpcResult } from '../../shared/ipc/result'
import { toIpcError } from './errors'
import type { IpcSender, SenderPolicy } from './senderPolicy'

export type Handler<C extends Channel> = (
  request: ParsedRequestOf<C>,
) => Promise<ResponseOf<C>> | ResponseOf<C>
export type HandlerMap = { [C in Channel]: Handler<C> }
/** The handlers of one part of the contract (src/shared/ipc/contracts), as a feature binds it. */
export type HandlersOf<Part> = { [C in keyof Part & Channel]: Handler<C> }

export interface IpcDispatcher {
  readonly channels: readonly Channel[]
  dispatch(channel: string, sender: IpcSender, payload: unknown): Promise<IpcResult<unknown>>
}

/** The dotted path of the field an issue is about; for an unknown key, that key itself. */
function fieldOf(issue: z.core.$ZodIssue): string | undefined {
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys.slice(0, 1)] : issue.path
  return path.length > 0 ? path.map(String).join('.') : undefined
}

function describeZodIssues(error: z.ZodError): IpcError {
  const first = error.issues[0]
  const field = first ? fieldOf(first) : undefined
  return {
    code: 'invalid_request',
    message: first ? `The request was not understood: ${first.message}` : 'The request was not understood.',
    ...(field ? { field } : {}),
  }
}

/**
 * The single entry point for every IPC call (after VS Code's validated IPC and Insomnia's
 * authorization checks): unknown channels, foreign frames and malformed payloads are refused
 * before any handler runs, and responses are parsed too, so a handler can never leak a field
 * the contract does not declare.
 */
export function createIpcDispatcher(
  handlers: HandlerMap,
  isTrustedSender: SenderPolicy,
  onUnexpectedError: (channel: Channel, error: unknown) => void = () => {},
): IpcDispatcher {
  const known = new Set<string>(CHANNELS)
  return {
    channels: CHANNELS,
    async dispatch(channel, sender, payload) {
      if (!known.has(channel))
        return fail({ code: 'unknown_channel', message: `There is no channel named ${channel}.` })
      if (!isTrustedSender(sender)) {
        return fail({
          code: 'forbidden_sender',
          message: 'This request did not come from the Ads Studio window.',
        })
      }
      const name = channel as Channel
      const spec = contract[name]
      const parsed = spec.request.safeParse(payload)
      if (!parsed.success) return fail(describeZodIssues(parsed.error))
      try {
        const handler = handlers[name] as (request: unknown) => Promise<unknown> | unknown
        const value = await handler(parsed.data)
        const checked = spec.response.safeParse(value)
        if (!checked.success) {
          onUnexpectedError(name, checked.error)
          return fail({
            code: 'internal',
            message: 'Ads Studio produced an answer it could not check. Try again.',
          })
        }
        return ok(checked.data)
      } catch (error) {
        const mapped = toIpcError(error)
        if (mapped.code === 'internal') onUnexpectedError(name, error)
        return fail(mapped)
      }
    },
  }
}
