import type { devtoolsContract } from '../../shared/ipc/contracts/devtools'
import type { HandlersOf } from '../ipc/dispatcher'
import type { DevtoolsService } from './devtools'

/** Streaming connections and webhook replay in Developer tools (contracts/devtools.ts). */
export function createDevtoolsHandlers(devtools: DevtoolsService): HandlersOf<typeof devtoolsContract> {
  return {
    'devtools.connections': ({ profileId, status }) => devtools.connections(profileId, status),
    'devtools.endConnections': ({ profileId, target }) => devtools.endConnections(profileId, target),
    'devtools.replayWebhook': ({ profileId, webhookId, from, to }) =>
      devtools.replayWebhook(profileId, webhookId, { from, to }),
  }
}
