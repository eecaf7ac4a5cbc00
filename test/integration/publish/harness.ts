import { createHttpClient } from '../../../src/main/api/http'
import { createSenderPolicy } from '../../../src/main/ipc/senderPolicy'
import { createServices, type Services, type ServicesConfig } from '../../../src/main/services'
import type { SecretStore } from '../../../src/main/vault/secretStore'
import type { DraftKind } from '../../../src/shared/drafts/envelope'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { approveInBrowser } from '../../support/authorizePage'
import type { LocalMediaRef } from '../../../src/shared/creatives/media'
import type { MediaSource } from '../../support/mediaFixtures'

const RENDERER = 'file:///app/out/renderer/index.html'

export interface SandboxHosts {
  apiUrl: string
  adsUrl: string
  adsSandboxUrl: string
}

/** Settings that keep a faulty network quick to get through in tests. */
export const FAST_OUTBOX: ServicesConfig['outbox'] = {
  chunkBytes: 2048,
  backoffBaseMs: 10,
  backoffMaxMs: 200,
  processingPollMaxMs: 30,
  reconnectCheckMs: 50,
}

export function fastHttp() {
  return createHttpClient({ timeoutMs: 5_000, retry: { maxAttempts: 8, baseDelayMs: 2, maxDelayMs: 40 } })
}

/** The app as the renderer drives it: every call through the validating dispatcher. */
export function openApp(dataDir: string, secretStore: SecretStore, extra: Partial<ServicesConfig> = {}) {
  const notifications: { title: string; body: string }[] = []
  /** What the media dialog answers next: files the tests "choose", so the app grants them. */
  const chosen: string[] = []
  const services: Services = createServices({
    dataDir,
    hosts: PRODUCTION_HOSTS,
    secretStore,
    env: {},
    http: fastHttp(),
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    openExternal: async () => undefined,
    appInfo: { name: 'Ads Studio', version: 'test' },
    notify: (title, body) => void notifications.push({ title, body }),
    outbox: FAST_OUTBOX,
    mediaDialogs: { chooseMediaFile: async () => chosen.shift() ?? null },
    ...extra,
  })
  const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
  const call = async <T = unknown>(channel: string, request: unknown = {}): Promise<T> => {
    const response = await dispatcher.dispatch(channel, { url: RENDERER, isMainFrame: true }, request)
    if (!response.ok) throw Object.assign(new Error(response.error.message), response.error)
    return response.value as T
  }
  const jobs = async () => (await call<{ jobs: OutboxJobView[] }>('outbox.list')).jobs
  /** Where test media are written, chosen in the app's media dialog: read by the app's grant. */
  const media = (dir: string): MediaSource => ({
    dir,
    async choose(path) {
      chosen.push(path)
      const picked = await call<{ picked: boolean; media: LocalMediaRef }>('media.pickLocal')
      return picked.media
    },
  })
  return { services, call, jobs, notifications, media }
}
export type App = ReturnType<typeof openApp>

/** Connects a profile to the sandbox through the PIN flow; returns the profile and its first account. */
export async function connectProfile(
  app: App,
  hosts: SandboxHosts,
  demo: { consumerKey: string; consumerSecret: string },
) {
  const started = await app.call<{ profileId: string; authorizeUrl: string }>('connect.begin', {
    environment: 'local_sandbox',
    hosts,
    consumerKey: demo.consumerKey,
    consumerSecret: demo.consumerSecret,
    accessLevel: 'write',
    forceLogin: false,
    label: 'Sandbox',
  })
  const pin = await approveInBrowser(started.authorizeUrl)
  const profile = await app.call<{ id: string; userId: string; activeAccountId: string }>(
    'connect.complete',
    {
      profileId: started.profileId,
      pin,
    },
  )
  return profile
}

export async function createDraft(
  app: App,
  kind: DraftKind,
  name: string,
  content: unknown,
): Promise<string> {
  const draft = await app.call<{ id: string }>('drafts.create', { kind, name })
  await app.call('drafts.update', { id: draft.id, content })
  return draft.id
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  everyMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

/** The outbox job of a draft, as the Outbox page shows it, or null. */
export async function draftJob(app: App, draftId: string): Promise<OutboxJobView | null> {
  return (await app.call<{ job: OutboxJobView | null }>('outbox.status', { draftId })).job
}

/** Waits until the draft's job is in `state`, and returns it. */
export function untilDraftJob(
  app: App,
  draftId: string,
  state: OutboxJobView['state'],
  timeoutMs?: number,
): Promise<OutboxJobView> {
  return waitFor(async () => {
    const job = await draftJob(app, draftId)
    return job?.state === state ? job : undefined
  }, timeoutMs)
}
