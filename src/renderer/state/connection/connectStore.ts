import { create } from 'zustand'
import type { ApiHosts } from '../../../shared/apiHosts'
import { PRODUCTION_HOSTS } from '../../../shared/apiHosts'
import { isPractice } from '../../../shared/environments'
import type { AccessLevel, Environment, ProfileList, ProfileSummary } from '../../../shared/profiles'
import type { IpcError } from '../../../shared/ipc/result'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'

/** `npm run sandbox` listens here by default; the designer can change the URLs. */
export const LOCAL_SANDBOX_HOSTS: ApiHosts = {
  apiUrl: 'http://127.0.0.1:4010',
  adsUrl: 'http://127.0.0.1:4010/ads',
  adsSandboxUrl: 'http://127.0.0.1:4010/ads-sandbox',
}

/** The sandbox serves all three APIs from one address: its own paths for ads and ads sandbox. */
export function sandboxHosts(address: string): ApiHosts {
  const base = address.trim().replace(/\/+$/, '')
  return { apiUrl: base, adsUrl: `${base}/ads`, adsSandboxUrl: `${base}/ads-sandbox` }
}

/** The Connect stepper, in order. `done` is the "you are ready" screen after the account step. */
export const WIZARD_STEPS = ['where', 'app', 'authorize', 'pin', 'account'] as const
export type StepName = (typeof WIZARD_STEPS)[number]
export type WizardStep = StepName | 'done'
/** Practice needs no key: main knows the demo app of the practice platform it runs. */
export const PRACTICE_STEPS = ['where', 'authorize', 'pin', 'account'] as const satisfies StepName[]

/** The steps the form goes through. */
export function stepsOf(form: Pick<WizardForm, 'environment'>): readonly StepName[] {
  return isPractice(form.environment) ? PRACTICE_STEPS : WIZARD_STEPS
}

/** Which step shows the field an error names, so a rejected key sends the designer back to it. */
function stepOfField(field: string): WizardStep | null {
  if (field.startsWith('hosts')) return 'where'
  if (field === 'consumerKey' || field === 'consumerSecret' || field === 'label' || field === 'screenName')
    return 'app'
  if (field === 'pin') return 'pin'
  return null
}

export function presetHosts(environment: Environment, custom: ApiHosts): ApiHosts {
  if (environment === 'local_sandbox' || environment === 'custom') return custom
  return PRODUCTION_HOSTS
}

export interface WizardForm {
  environment: Environment
  hosts: ApiHosts
  label: string
  consumerKey: string
  consumerSecret: string
  accessLevel: AccessLevel
  forceLogin: boolean
  screenName: string
  pin: string
  /** The local sandbox's one address (its three URLs derive from it); the hosts above stay for "Custom hosts". */
  sandboxAddress: string
}

/** A new designer's first choice is practice; the local sandbox's address stays ready for developers. */
const EMPTY_FORM: WizardForm = {
  environment: 'practice',
  sandboxAddress: LOCAL_SANDBOX_HOSTS.apiUrl,
  hosts: LOCAL_SANDBOX_HOSTS,
  label: '',
  consumerKey: '',
  consumerSecret: '',
  accessLevel: 'write',
  forceLogin: false,
  screenName: '',
  pin: '',
}

type Busy = 'begin' | 'complete' | `signout:${string}` | null

interface ConnectState {
  list: ProfileList
  /** The profile list has been read from main at least once. */
  loaded: boolean
  form: WizardForm
  /** Set once the authorization page is open and a PIN is expected. */
  awaitingPin: { profileId: string; authorizeUrl: string } | null
  /** Re-authorizing an existing profile (its secret stays in the keychain). */
  reauthorizing: ProfileSummary | null
  fieldErrors: Partial<Record<string, string>>
  pageError: string | null
  notice: { tone: 'success' | 'info'; text: string } | null
  busy: Busy
  /** Where the stepper is; null folds it away (only once a profile exists). */
  step: WizardStep | null
  /** The profile just connected, whose ad account the last step picks. */
  connectedProfileId: string | null
  load(): Promise<void>
  goTo(step: WizardStep | null): void
  /** The first-run paths: practice on the platform inside Ads Studio, or a real ad account. */
  startPath(path: 'practice' | 'account'): void
  setField<K extends keyof WizardForm>(key: K, value: WizardForm[K]): void
  beginAuthorization(): Promise<boolean>
  /** Practice: main starts its practice platform and opens the authorization page; the PIN comes from main. */
  beginPractice(): Promise<boolean>
  completeWithPin(): Promise<boolean>
  reauthorize(profile: ProfileSummary): void
  cancelWizard(): void
  activate(profileId: string): Promise<void>
  signOut(profileId: string): Promise<void>
  /** After a damaged settings file: puts back the profiles offered (none: dismisses the offer). */
  restoreRecovered(profileIds: string[]): Promise<void>
}

/** A person-facing error goes on its field when it names one, otherwise on the page. */
function placeError(error: unknown): Pick<ConnectState, 'fieldErrors' | 'pageError'> {
  const ipc: IpcError =
    error instanceof IpcFailure
      ? error.error
      : { code: 'internal', message: 'Something went wrong. Try again.' }
  if (ipc.field) return { fieldErrors: { [ipc.field]: ipc.message }, pageError: null }
  return { fieldErrors: {}, pageError: ipc.message }
}

/** placeError, and back to the step that shows the field it names. */
function placeErrorOnStep(error: unknown, current: WizardStep | null): Partial<ConnectState> {
  const placed = placeError(error)
  const field = Object.keys(placed.fieldErrors)[0]
  return { ...placed, step: (field && stepOfField(field)) || current }
}

/** The hosts the form stands for: the sandbox's three URLs from its one address, else the preset or custom ones. */
export function hostsOf(form: WizardForm): ApiHosts {
  return form.environment === 'local_sandbox'
    ? sandboxHosts(form.sandboxAddress)
    : presetHosts(form.environment, form.hosts)
}

/**
 * The load asked for in the current task, until its microtasks run. The shell refreshes the
 * profiles on every navigation, and the page it shows (or the sidebar's account switcher) may ask
 * in the same commit: their effects run in one task, so they share one request. A load asked for
 * later, after a sign-in say, always asks main afresh.
 */
let loadAskedThisMoment: Promise<void> | null = null

export const useConnectStore = create<ConnectState>((set, get) => ({
  list: { profiles: [], activeProfileId: null },
  loaded: false,
  form: EMPTY_FORM,
  awaitingPin: null,
  reauthorizing: null,
  fieldErrors: {},
  pageError: null,
  notice: null,
  busy: null,
  step: null,
  connectedProfileId: null,

  goTo(step) {
    set({ step, pageError: null, ...(step === null ? { notice: null } : {}) })
  },

  startPath(path) {
    set({
      // Choosing practice on the welcome screen was the environment step.
      step: path === 'practice' ? 'authorize' : 'where',
      form: { ...EMPTY_FORM, environment: path === 'practice' ? 'practice' : 'production' },
      awaitingPin: null,
      reauthorizing: null,
      connectedProfileId: null,
      fieldErrors: {},
      pageError: null,
      notice: null,
    })
  },

  load() {
    if (loadAskedThisMoment) return loadAskedThisMoment
    const loading = (async () => {
      try {
        set({ list: await unwrap(studio().profiles.list({})), loaded: true })
      } catch (error) {
        set(placeError(error))
      }
    })()
    loadAskedThisMoment = loading
    queueMicrotask(() => {
      if (loadAskedThisMoment === loading) loadAskedThisMoment = null
    })
    return loading
  },

  setField(key, value) {
    const { fieldErrors } = get()
    const nextErrors = { ...fieldErrors }
    delete nextErrors[key]
    if (key === 'hosts')
      for (const name of ['hosts.apiUrl', 'hosts.adsUrl', 'hosts.adsSandboxUrl']) delete nextErrors[name]
    set({ form: { ...get().form, [key]: value }, fieldErrors: nextErrors })
  },

  async beginAuthorization() {
    const { form, reauthorizing } = get()
    set({ busy: 'begin', fieldErrors: {}, pageError: null, notice: null })
    try {
      const started = await unwrap(
        studio().connect.begin({
          ...(reauthorizing ? { profileId: reauthorizing.id } : {}),
          ...(form.label.trim() ? { label: form.label.trim() } : {}),
          environment: form.environment,
          hosts: hostsOf(form),
          consumerKey: form.consumerKey,
          ...(form.consumerSecret || !reauthorizing ? { consumerSecret: form.consumerSecret } : {}),
          accessLevel: form.accessLevel,
          forceLogin: form.forceLogin,
          ...(form.screenName.trim() ? { screenName: form.screenName.trim() } : {}),
        }),
      )
      // The secret has reached the keychain: drop it from renderer memory at once.
      set({
        awaitingPin: started,
        form: { ...get().form, consumerSecret: '', pin: '' },
        busy: null,
        step: 'pin',
      })
      await get().load()
      return true
    } catch (error) {
      set({ ...placeErrorOnStep(error, get().step), busy: null })
      return false
    }
  },

  async beginPractice() {
    set({ busy: 'begin', fieldErrors: {}, pageError: null, notice: null })
    try {
      const started = await unwrap(studio().practice.begin({}))
      set({ awaitingPin: started, form: { ...get().form, pin: '' }, busy: null, step: 'pin' })
      await get().load()
      void fillPracticePin(started.profileId)
      return true
    } catch (error) {
      set({ ...placeError(error), busy: null })
      return false
    }
  },

  async completeWithPin() {
    const { awaitingPin, form } = get()
    if (!awaitingPin) return false
    const pin = form.pin.trim()
    if (!/^[0-9]+$/.test(pin)) {
      set({ fieldErrors: { pin: 'Type the digits shown on the authorization page' } })
      return false
    }
    set({ busy: 'complete', fieldErrors: {}, pageError: null })
    try {
      const profile = await unwrap(studio().connect.complete({ profileId: awaitingPin.profileId, pin }))
      set({
        busy: null,
        awaitingPin: null,
        reauthorizing: null,
        // The secrets and the PIN go; the environment stays, for the stepper's last steps.
        form: { ...EMPTY_FORM, environment: form.environment },
        step: 'account',
        connectedProfileId: profile.id,
        notice: {
          tone: 'success',
          text: `Connected as @${profile.screenName} with ${
            profile.accessLevel === 'write' ? 'read and write' : 'read-only'
          } access.`,
        },
      })
      await get().load()
      return true
    } catch (error) {
      set({ ...placeErrorOnStep(error, get().step), busy: null })
      return false
    }
  },

  reauthorize(profile) {
    set({
      step: isPractice(profile.environment) ? 'authorize' : 'app',
      reauthorizing: profile,
      awaitingPin: null,
      fieldErrors: {},
      pageError: null,
      notice: null,
      form: {
        ...EMPTY_FORM,
        environment: profile.environment,
        hosts: profile.hosts,
        sandboxAddress: profile.hosts.apiUrl,
        label: profile.label,
        consumerKey: profile.consumerKey,
        accessLevel: profile.accessLevel,
        screenName: profile.screenName ?? '',
      },
    })
  },

  cancelWizard() {
    set({
      awaitingPin: null,
      reauthorizing: null,
      form: EMPTY_FORM,
      fieldErrors: {},
      pageError: null,
      step: null,
    })
  },

  async activate(profileId) {
    try {
      set({ list: await unwrap(studio().profiles.activate({ profileId })), pageError: null })
    } catch (error) {
      set(placeError(error))
    }
  },

  async signOut(profileId) {
    set({ busy: `signout:${profileId}`, pageError: null, notice: null })
    try {
      const result = await unwrap(studio().profiles.signOut({ profileId }))
      set({
        list: result.list,
        busy: null,
        notice: { tone: result.revokedOnServer ? 'success' : 'info', text: result.notice },
      })
    } catch (error) {
      set({ ...placeError(error), busy: null })
    }
  },

  async restoreRecovered(profileIds) {
    try {
      set({ list: await unwrap(studio().profiles.restore({ profileIds })), pageError: null })
    } catch (error) {
      set(placeError(error))
    }
  },
}))

/**
 * Once the designer approves in the browser, main knows the practice PIN: it is filled in and
 * the connection completes, as if typed. Main answers "waiting" now and then; this asks again
 * while the stepper still waits for this authorization's PIN. Typing it stays possible.
 */
async function fillPracticePin(profileId: string): Promise<void> {
  const stillWaiting = () => {
    const { awaitingPin, step, busy } = useConnectStore.getState()
    return awaitingPin?.profileId === profileId && step === 'pin' && busy !== 'complete'
  }
  while (stillWaiting()) {
    let answer
    try {
      answer = await unwrap(studio().practice.awaitPin({ profileId }))
    } catch {
      return
    }
    if (answer.status === 'none') return
    if (answer.status === 'approved') {
      if (!stillWaiting()) return
      useConnectStore.getState().setField('pin', answer.pin)
      await useConnectStore.getState().completeWithPin()
      return
    }
  }
}
