import { join } from 'node:path'
import { AppFailure, appError } from '../../shared/errors'
import { sameHosts, type ApiHosts } from '../../shared/hosts'
import { isPractice, type ProfileSummary } from '../../shared/profiles'
import { profileHosts } from '../api/hosts'
import type { BeginInput } from '../profiles/connectService'
import type { ProfileRepository } from '../settings/profileRepository'
import { followSandbox, hostOnSandbox, notForPractice, practiceElsewhere } from './practiceHosts'
import { startPracticeSandbox, type PracticeSandbox } from './practiceSandbox'

/** The practice sandbox's state, in the app's data folder: its accounts, creatives and tokens. */
export const PRACTICE_STATE_FILE = join('practice', 'sandbox-state.json')
export const PRACTICE_LABEL = 'Demo'
/** How long one awaitPin call waits for the approval before answering "still waiting". */
const PIN_WAIT_MS = 20_000
/** Approvals remembered for authorizations that may still ask for their PIN (the newest). */
const APPROVALS_KEPT = 20

export type PinAnswer = { status: 'approved'; pin: string } | { status: 'waiting' } | { status: 'none' }

export interface PracticeServiceDeps {
  dataDir: string
  profiles: ProfileRepository
  env: Record<string, string | undefined>
  /** The connect service's begin: a practice profile authorizes like any other. */
  begin(input: BeginInput): Promise<{ profileId: string; authorizeUrl: string }>
  pinWaitMs?: number
  onError?: (error: unknown) => void
}

/**
 * Practice mode: the sandbox that ships inside Ads Studio, run by main on a free loopback port
 * with its state in the data folder, and the one practice profile connected to it. The designer
 * approves in the system browser; the sandbox tells main the PIN, so nobody has to type it.
 *
 * `hostsOf` is the gate every signed call passes (the connect service and the outbox ask it for
 * a profile's hosts): a practice profile goes to the practice sandbox, started on demand, and
 * nowhere else; no other profile may reach the practice sandbox's address.
 */
export function createPracticeService(deps: PracticeServiceDeps) {
  let starting: Promise<PracticeSandbox> | undefined
  let current: PracticeSandbox | undefined
  let disposed = false
  /** The request token of each practice authorization under way, and the PINs approved for them. */
  const authorizing = new Map<string, string>()
  const approved = new Map<string, string>()
  const waiters = new Set<() => void>()
  const wakeAll = () => [...waiters].forEach((wake) => wake())

  const closing = () =>
    new AppFailure(appError('server_unavailable', 'Ads Studio is closing: the practice platform has stopped'))
  const practiceProfiles = () => deps.profiles.list().profiles.filter((p) => isPractice(p.environment))

  async function start(): Promise<PracticeSandbox> {
    // The last run's port, if it is still free: the practice profile's hosts then stay as they were.
    const lastPort = practiceProfiles()
      .map((profile) => Number(new URL(profile.hosts.apiUrl).port))
      .find((port) => port > 0)
    const sandbox = await startPracticeSandbox(
      { dataFile: join(deps.dataDir, PRACTICE_STATE_FILE), ...(lastPort ? { port: lastPort } : {}) },
      {
        // Kept whether or not begin() has returned yet: the page may be approved that quickly.
        onApproved(oauthToken, verifier) {
          approved.set(oauthToken, verifier)
          if (approved.size > APPROVALS_KEPT) approved.delete(approved.keys().next().value!)
          wakeAll()
        },
        onError: (error) => deps.onError?.(error),
      },
    )
    if (disposed) {
      await sandbox.stop()
      throw closing()
    }
    current = sandbox
    void sandbox.exited.then(() => {
      if (current !== sandbox) return
      current = undefined
      starting = undefined
    })
    for (const profile of practiceProfiles()) {
      const followed = followSandbox(profile.hosts, sandbox.hosts)
      if (followed && !sameHosts(followed, profile.hosts)) deps.profiles.put({ ...profile, hosts: followed })
    }
    return sandbox
  }

  /** The running practice sandbox, started if it is not. */
  function ensureRunning(): Promise<PracticeSandbox> {
    if (disposed) return Promise.reject(closing())
    starting ??= start().catch((error: unknown) => {
      starting = undefined
      if (error instanceof AppFailure) throw error
      deps.onError?.(error)
      throw new AppFailure(
        appError(
          'server_unavailable',
          'The practice platform could not start. Quit Ads Studio and open it again; your drafts are safe.',
        ),
      )
    })
    return starting
  }

  async function hostsOf(profile: ProfileSummary): Promise<ApiHosts> {
    if (isPractice(profile.environment)) {
      const sandbox = await ensureRunning()
      const hosts = profileHosts(
        { ...profile, hosts: followSandbox(profile.hosts, sandbox.hosts) ?? profile.hosts },
        deps.env,
      )
      if (!sameHosts(hosts, sandbox.hosts)) throw practiceElsewhere(hosts, sandbox.hosts)
      return hosts
    }
    const hosts = profileHosts(profile, deps.env)
    const sandbox = current ?? (await starting?.catch(() => undefined))
    const key = sandbox ? hostOnSandbox(hosts, sandbox.port) : undefined
    if (key) throw notForPractice(key, hosts)
    return hosts
  }

  return {
    hostsOf,

    /** At start: the practice sandbox resumes when the practice profile is the active one. */
    resume(): void {
      const { profiles, activeProfileId } = deps.profiles.list()
      const active = profiles.find((profile) => profile.id === activeProfileId)
      if (active && isPractice(active.environment)) void ensureRunning().catch(() => undefined)
    },

    /**
     * Starts the practice sandbox if needed and authorizes the practice profile (made on first
     * use) with its demo app; the authorization page opens in the system browser.
     */
    async begin(): Promise<{ profileId: string; authorizeUrl: string }> {
      const sandbox = await ensureRunning()
      const existing = practiceProfiles()[0]
      const started = await deps.begin({
        ...(existing ? { profileId: existing.id } : {}),
        label: existing?.label ?? PRACTICE_LABEL,
        environment: 'practice',
        hosts: sandbox.hosts,
        consumerKey: sandbox.demo.consumerKey,
        consumerSecret: sandbox.demo.consumerSecret,
        accessLevel: 'write',
        forceLogin: false,
      })
      const previous = authorizing.get(started.profileId)
      if (previous) approved.delete(previous)
      const oauthToken = new URL(started.authorizeUrl).searchParams.get('oauth_token')
      if (oauthToken) authorizing.set(started.profileId, oauthToken)
      return started
    },

    /**
     * The PIN of the profile's practice authorization once the designer has approved it; waits
     * up to pinWaitMs for that, then answers "waiting" (the renderer asks again). "none": no
     * practice authorization of this profile is under way.
     */
    async awaitPin(profileId: string): Promise<PinAnswer> {
      const deadline = Date.now() + (deps.pinWaitMs ?? PIN_WAIT_MS)
      for (;;) {
        const oauthToken = authorizing.get(profileId)
        if (disposed || !oauthToken) return { status: 'none' }
        const pin = approved.get(oauthToken)
        if (pin) return { status: 'approved', pin }
        const left = deadline - Date.now()
        if (left <= 0) return { status: 'waiting' }
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer)
            waiters.delete(wake)
            resolve()
          }
          const timer = setTimeout(wake, left)
          waiters.add(wake)
        })
      }
    },

    /** On quit: the sandbox saves its state and its thread ends. */
    async dispose(): Promise<void> {
      disposed = true
      wakeAll()
      const sandbox = current ?? (await starting?.catch(() => undefined))
      current = undefined
      await sandbox?.stop()
    },
  }
}

export type PracticeService = ReturnType<typeof createPracticeService>
