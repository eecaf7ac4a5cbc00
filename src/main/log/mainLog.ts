import { CHANNELS } from '../../shared/ipc/channels'
import type { IpcDispatcher } from '../ipc/dispatcher'
import type { SecretStore } from '../vault/secretStore'
import { openLogFile, type Log, type LogFile, type LogRotation } from './logger'
import { createKnownSecrets, type KnownSecrets } from './scrub'

export interface MainLog {
  root: Log
  file: LogFile
  secrets: KnownSecrets
  /** A child logger named for one module of main. */
  of(module: string): Log
  /**
   * Reports a failure nothing else handles (a file that could not be written, a handler that
   * threw): to the log, then to the config's onUnexpectedError hook when there is one.
   */
  unexpected(area: string): (error: unknown) => void
  /** The same store; every secret it reads or stores becomes one the log blanks. */
  watchSecrets(store: SecretStore): SecretStore
  /** The dispatcher, with a line for every call it refuses or that fails. */
  withFailureLines(dispatcher: IpcDispatcher): IpcDispatcher
}

/** The dispatcher's onUnexpectedError, for main's log and the config's hook. */
export type UnexpectedErrorHook = (channel: string, error: unknown) => void

const knownChannels = new Set<string>(CHANNELS)
/** A field path as the contract names fields (an unknown key is the page's own text: not written). */
const FIELD_PATH = /^[A-Za-z][A-Za-z0-9_]{0,40}(?:\.[A-Za-z0-9_]{1,40}){0,8}$/

export function openMainLog(options: {
  dir: string
  onUnexpectedError?: UnexpectedErrorHook
  rotation?: LogRotation
}): MainLog {
  const secrets = createKnownSecrets()
  const file = openLogFile({
    dir: options.dir,
    secrets,
    ...(options.rotation ? { rotation: options.rotation } : {}),
  })
  const of = (module: string) => file.root.child({ module })
  const ipc = of('ipc')

  return {
    root: file.root,
    file,
    secrets,
    of,
    unexpected: (area) => (error) => {
      // The dispatcher reports a call's internal failure by its channel: log it as that call's.
      if (knownChannels.has(area)) ipc.error({ channel: area, code: 'internal', err: error }, 'call failed')
      else of(area).error({ err: error }, 'unexpected failure')
      options.onUnexpectedError?.(area, error)
    },
    watchSecrets: (store) => ({
      async get(service, account) {
        const secret = await store.get(service, account)
        secrets.add(secret)
        return secret
      },
      async set(service, account, secret) {
        secrets.add(secret)
        await store.set(service, account, secret)
      },
      delete: (service, account) => store.delete(service, account),
      isAvailable: () => store.isAvailable(),
    }),
    withFailureLines: (dispatcher) => ({
      channels: dispatcher.channels,
      async dispatch(channel, sender, payload) {
        const result = await dispatcher.dispatch(channel, sender, payload)
        // Internal failures come with their error through unexpected(); a channel name the page
        // made up is not written.
        if (!result.ok && result.error.code !== 'internal') {
          const { code, field } = result.error
          ipc.warn(
            {
              channel: knownChannels.has(channel) ? channel : '(unknown)',
              code,
              ...(field && FIELD_PATH.test(field) ? { field } : {}),
            },
            'call failed',
          )
        }
        return result
      },
    }),
  }
}
