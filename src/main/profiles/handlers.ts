import type { connectContract } from '../../shared/ipc/contracts/connect'
import type { HandlersOf } from '../ipc/dispatcher'
import type { ConnectService } from './connectService'
import type { DevtoolsService } from './devtools'
import type { SettingsRecoveryService } from '../settings/settingsRecovery'

/** Profiles, the PIN flow, the ad account choice and the developer tools. */
export function createConnectHandlers(
  connect: ConnectService,
  devtools: DevtoolsService,
  recovery: SettingsRecoveryService,
): HandlersOf<typeof connectContract> {
  return {
    'profiles.list': async () => {
      const recovered = await recovery.pending()
      return { ...connect.list(), ...(recovered ? { recovered } : {}) }
    },
    'profiles.restore': async ({ profileIds }) => {
      await recovery.restore(profileIds)
      return connect.list()
    },
    'profiles.activate': ({ profileId }) => connect.activate(profileId),
    'profiles.signOut': ({ profileId }) => connect.signOut(profileId),
    'connect.begin': (input) => connect.begin(input),
    'connect.complete': ({ profileId, pin }) => connect.complete(profileId, pin),
    'accounts.list': async ({ profileId }) => ({ accounts: await connect.listAccounts(profileId) }),
    'accounts.select': ({ profileId, accountId }) => connect.selectAccount(profileId, accountId),
    'devtools.bearerStatus': ({ profileId }) => devtools.bearerStatus(profileId),
    'devtools.bearerCreate': ({ profileId }) => devtools.bearerCreate(profileId),
    'devtools.bearerRevoke': ({ profileId }) => devtools.bearerRevoke(profileId),
    'devtools.deleteWebhook': ({ profileId, webhookId }) => devtools.deleteWebhook(profileId, webhookId),
  }
}
