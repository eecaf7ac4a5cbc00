import type { Sandbox } from '../sandbox/index'
import { approveInBrowser } from '../test/support/authorizePage'

export type ServiceHandlers = Record<string, (request: unknown) => Promise<unknown>>

/**
 * Connects a profile to the local sandbox through the services' own IPC handlers (the PIN
 * approved in a headless browser), as a designer's Connect would; benches that need an
 * authorized account start from here. Returns the profile id.
 */
/** What connecting needs of a sandbox: its hosts and demo app (a Sandbox, or one on its own thread). */
type SandboxHosts = Pick<Sandbox, 'apiUrl' | 'adsUrl' | 'adsSandboxUrl' | 'demo'>

export async function connectSandboxProfile(
  handlers: ServiceHandlers,
  sandbox: SandboxHosts,
): Promise<string> {
  const started = (await handlers['connect.begin']!({
    environment: 'local_sandbox',
    hosts: { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl },
    consumerKey: sandbox.demo.consumerKey,
    consumerSecret: sandbox.demo.consumerSecret,
    accessLevel: 'write',
    forceLogin: false,
  })) as { profileId: string; authorizeUrl: string }
  const pin = await approveInBrowser(started.authorizeUrl)
  return ((await handlers['connect.complete']!({ profileId: started.profileId, pin })) as { id: string }).id
}
