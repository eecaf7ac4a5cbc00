import type { AddressInfo } from 'node:net'
import type { Approval, Runtime } from './context'
import { NO_FAULTS, seededRandom, validateFaults } from './faults'
import type { FaultCounts, Faults } from './faults'
import { DEFAULT_LIMITS, WindowCounter } from './rateLimits'
import type { RateLimits } from './rateLimits'
import { ADS_PREFIX, ADS_SANDBOX_PREFIX } from './routes'
import { DEMO, seedState } from './seed'
import { createSandboxServer } from './server'
import { loadState, saveState } from './state'
import type { AdsRecord, AudienceUpload, CreatedCounts, CreatedKind, SandboxState, Upload } from './state'
import { toJsonText } from './http'
import { summarizeMembers } from './ads/audienceUploads'
import type { MemberSummary } from './ads/audienceUploads'
import { World } from './admin/world'
import { checkSchedule, parseSchedule } from './admin/outsideEdits'
import type { OutsideChange, OutsideChangeRequest, OutsideSchedule } from './admin/outsideEdits'
import type { LoggedRequest } from './admin/requestLog'
import type { FillKind, FillRequest } from './admin/fill'
import { COMMUNITIES } from './platform/communities'

export type { Approval } from './context'
export type { Faults, FaultCounts } from './faults'
export type { RateLimits } from './rateLimits'
export type { CreatedCounts, CreatedKind, SandboxState } from './state'
export { DEMO } from './seed'
export { SEEDED_AUDIENCES, SEEDED_DO_NOT_REACH_LISTS, SEEDED_PERMISSIONS } from './seedAudiences'
export type { MemberSummary } from './ads/audienceUploads'
export type { OutsideChange, OutsideChangeRequest, OutsideSchedule } from './admin/outsideEdits'
export type { LoggedRequest } from './admin/requestLog'
export type { FillKind, FillRequest } from './admin/fill'
export { OUTSIDE_KINDS } from './admin/outsideKinds'
export type { OutsideKind } from './admin/outsideKinds'

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number
  faults?: Partial<Faults>
  limits?: Partial<RateLimits>
  /** Load state from this JSON file if it exists, and write every change back to it. */
  dataFile?: string
  /** Seed of the PRNG that decides which requests get injected faults. */
  seed?: number
  /**
   * Called when someone approves on the authorization page, with the verifier the page shows: an
   * app that runs the sandbox itself (Ads Studio's practice mode) fills the PIN in from here.
   */
  onApproved?: (approval: Approval) => void
  /**
   * The rest of the world edits or deletes objects behind the app's back on this schedule:
   * `every=5s,kinds=cards,posts,actions=edit,delete` (the --outside-edits syntax) or the object.
   */
  outsideEdits?: string | OutsideSchedule
}

export interface DemoIdentity {
  consumerKey: string
  consumerSecret: string
  appName: string
  screenName: string
  userId: string
  callbackUrl: string
  /** The demo user's two ad accounts; the first has PROMOTED_MEDIA_POLLS, the second is outside the history beta. */
  accountIds: string[]
  /** The other user's ad account, in another business (owner of SEEDED_AUDIENCES.foreign). */
  otherAccountId: string
  /** A community the demo user belongs to (community_id of POST /2/posts), and one it does not. */
  communityId: string
  otherCommunityId: string
}

export interface Sandbox {
  port: number
  /** Platform base URL, e.g. http://127.0.0.1:PORT */
  apiUrl: string
  /** Ads base URL without the version segment: `${adsUrl}/12/accounts`. */
  adsUrl: string
  adsSandboxUrl: string
  demo: DemoIdentity
  setFaults(faults: Partial<Faults>): void
  setLimits(limits: Partial<RateLimits>): void
  faultCounts(): FaultCounts
  /** Objects created through the API since start (seed data excluded; persisted with --data). */
  created(): CreatedCounts
  /** Public view (as the API would send it) of every object of a kind, deleted ones included. */
  list(kind: CreatedKind): Record<string, unknown>[]
  /** Member hashes a custom audience holds (undefined for an unknown id). */
  customAudienceMembers(id: string): MemberSummary | undefined
  /** Member hashes a do-not-reach list holds (undefined for an unknown id). */
  doNotReachListMembers(id: string): MemberSummary | undefined
  /** Every accepted audience user upload, oldest first: counts and body digest, no identifiers. */
  audienceUploads(): AudienceUpload[]
  /** A deep copy of the whole state, internal fields included. */
  state(): SandboxState
  /** Requests answered so far (admin route GET /__admin/requests), after the given seq. */
  requestLog(since?: number): LoggedRequest[]
  clearRequestLog(): void
  /** Someone else edits or deletes an object behind the app's back (POST /__admin/outside-edits). */
  outsideChange(request: OutsideChangeRequest): OutsideChange
  /** The outside changes made so far, by request and by schedule, after the given seq. */
  outsideChanges(since?: number): OutsideChange[]
  /** Someone made `count` objects of a kind on an account (POST /__admin/fill). */
  fill(request: FillRequest): { kind: FillKind; total: number }
  /** Starts (or, with undefined, stops) the schedule of outside changes. */
  setOutsideSchedule(schedule: string | OutsideSchedule | undefined): void
  close(): Promise<void>
}

const COLLECTION_OF: Record<Exclude<CreatedKind, 'media_uploads'>, keyof SandboxState> = {
  media_library: 'mediaLibrary',
  cards: 'cards',
  poll_cards: 'pollCards',
  video_conversation_cards: 'videoConversationCards',
  posts: 'posts',
  accounts: 'accounts',
  line_item_curated_categories: 'lineItemCuratedCategories',
  product_catalogs: 'productCatalogs',
  products: 'products',
  product_sets: 'productSets',
  tailored_audience_permissions: 'tailoredAudiencePermissions',
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const state = (options.dataFile ? loadState(options.dataFile) : undefined) ?? seedState()
  // State files from before subscriptions existed: the demo user is the premium one, as in the seed.
  for (const user of state.users) user.premium ??= user.id === DEMO.userId
  const faults: Faults = { ...NO_FAULTS, ...options.faults }
  validateFaults(faults)
  const rt: Runtime = {
    state,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    faults,
    counters: new WindowCounter(),
    nonces: new Map(),
    uploadBytes: new Map(),
    ...(options.onApproved ? { onApproved: options.onApproved } : {}),
  }
  const faultCounts: FaultCounts = { errors: 0, drops: 0, forced429: 0, undercounts: 0 }
  rt.faultCounts = faultCounts
  const persist = (): void => {
    if (!options.dataFile) return
    try {
      saveState(options.dataFile, rt.state)
    } catch (error) {
      console.error(`[sandbox] could not write ${options.dataFile}:`, error)
    }
  }
  const world = new World(rt, seededRandom((options.seed ?? 1) + 1), persist)
  rt.world = world
  const toSchedule = (value: string | OutsideSchedule): OutsideSchedule =>
    typeof value === 'string' ? parseSchedule(value) : checkSchedule(value)
  if (options.outsideEdits !== undefined) world.startSchedule(toSchedule(options.outsideEdits))
  let port = options.port ?? 0
  const server = createSandboxServer(
    rt,
    { random: seededRandom(options.seed ?? 1), faultCounts, persist },
    () => `127.0.0.1:${port}`,
  )
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  port = (server.address() as AddressInfo).port
  persist()
  const apiUrl = `http://127.0.0.1:${port}`
  const publicCopy = (value: unknown): Record<string, unknown>[] =>
    JSON.parse(toJsonText(value).replaceAll('sandbox-origin:', apiUrl)) as Record<string, unknown>[]

  return {
    port,
    apiUrl,
    adsUrl: `${apiUrl}${ADS_PREFIX}`,
    adsSandboxUrl: `${apiUrl}${ADS_SANDBOX_PREFIX}`,
    demo: {
      consumerKey: DEMO.consumerKey,
      consumerSecret: DEMO.consumerSecret,
      appName: DEMO.appName,
      screenName: DEMO.screenName,
      userId: DEMO.userId,
      callbackUrl: DEMO.callbackUrl,
      accountIds: rt.state.accounts
        .filter((a) => a._owner === DEMO.userId && !a._sandbox)
        .map((a) => a.id as string),
      otherAccountId: String(rt.state.accounts.find((a) => a._owner === DEMO.otherUserId)?.id),
      communityId: String(COMMUNITIES[0]?.id),
      otherCommunityId: String(COMMUNITIES[1]?.id),
    },
    setFaults(next) {
      const merged = { ...rt.faults, ...next }
      validateFaults(merged)
      rt.faults = merged
    },
    setLimits(next) {
      rt.limits = { ...rt.limits, ...next }
    },
    faultCounts: () => ({ ...faultCounts }),
    created: () => ({ ...rt.state.created }),
    list(kind) {
      if (kind === 'media_uploads') {
        return rt.state.uploads.map((u: Upload) => ({
          media_id_string: u.mediaId,
          media_key: u.mediaKey,
          media_type: u.mimeType,
          phase: u.phase,
        }))
      }
      return publicCopy(rt.state[COLLECTION_OF[kind]] as AdsRecord[])
    },
    customAudienceMembers(id) {
      const record = rt.state.customAudiences.find((a) => a.id === id)
      return record ? summarizeMembers(record, Date.now()) : undefined
    },
    doNotReachListMembers(id) {
      const record = rt.state.doNotReachLists.find((l) => l.id === id)
      return record ? summarizeMembers(record, Date.now()) : undefined
    },
    audienceUploads: () => structuredClone(rt.state.audienceUploads),
    state: () => structuredClone(rt.state),
    requestLog: (since) => world.requests.after(since),
    clearRequestLog: () => {
      world.requests.clear()
    },
    outsideChange: (request) => world.change(request),
    outsideChanges: (since) => world.log(since),
    fill: (request) => world.fill(request),
    setOutsideSchedule(schedule) {
      if (schedule === undefined) world.stopSchedule()
      else world.startSchedule(toSchedule(schedule))
    },
    async close() {
      world.stopSchedule()
      persist()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}
