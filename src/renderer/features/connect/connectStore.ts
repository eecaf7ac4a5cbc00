import { create } from 'zustand'
import type { ApiHosts } from '../../../shared/hosts'
import { PRODUCTION_HOSTS } from '../../../shared/hosts'
import type { AccessLevel, Environment, ProfileList, ProfileSummary } from '../../../shared/profiles'
import type { IpcError } from '../../../shared/ipc/result'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'

/** `npm run sandbox` listens here by default; the designer can change the URLs. */
export const LOCAL_SANDBOX_HOSTS: ApiHosts = {
  apiUrl: 'http://127.0.0.1:4010',
  adsUrl: 'http://127.0.0.1:4010/ads',
  adsSandboxUrl: 'http://127.0.0.1:4010/ads-sandbox',
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
}

const EMPTY_FORM: WizardForm = {
  environment: 'production',
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
  form: WizardForm
  /** Set once the authorization page is open and a PIN is expected. */
  awaitingPin: { profileId: string; authorizeUrl: string } | null
  /** Re-authorizing an existing profile (its secret stays in the keychain). */
  reauthorizing: ProfileSummary | null
  fieldErrors: Partial<Record<string, string>>
  pageError: string | null
  notice: { tone: 'success' | 'info'; text: string } | null
  busy: Busy
  load(): Promise<void>
  setField<K extends keyof WizardForm>(key: K, value: WizardForm[K]): void
  beginAuthorization(): Promise<boolean>
  completeWithPin(): Promise<boolean>
  reauthorize(profile: ProfileSummary): void
  cancelWizard(): void
  activate(profileId: string): Promise<void>
  signOut(profileId: string): Promise<void>
}

/** A person-facing error goes on its field when it names one, otherwise on the page. */
function placeError(error: unknown): Pick<ConnectState, 'fieldErrors' | 'pageError'> {
  const ipc: IpcError =
    error instanceof IpcFailure ? error.error : { code: 'internal', message: 'Something went wrong. Try again.' }
  if (ipc.field) return { fieldErrors: { [ipc.field]: ipc.message }, pageError: null }
  return { fieldErrors: {}, pageError: ipc.message }
}

export const useConnectStore = create<ConnectState>((set, get) => ({
  list: { profiles: [], activeProfileId: null },
  form: EMPTY_FORM,
  awaitingPin: null,
  reauthorizing: null,
  fieldErrors: {},
  pageError: null,
  notice: null,
  busy: null,

  async load() {
    try {
      set({ list: await unwrap(studio().profiles.list({})) })
    } catch (error) {
      set(placeError(error))
    }
  },

  setField(key, value) {
    const { fieldErrors } = get()
    const nextErrors = { ...fieldErrors }
    delete nextErrors[key]
    if (key === 'hosts') for (const name of ['hosts.apiUrl', 'hosts.adsUrl', 'hosts.adsSandboxUrl']) delete nextErrors[name]
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
          hosts: presetHosts(form.environment, form.hosts),
          consumerKey: form.consumerKey,
          ...(form.consumerSecret || !reauthorizing ? { consumerSecret: form.consumerSecret } : {}),
          accessLevel: form.accessLevel,
          forceLogin: form.forceLogin,
          ...(form.screenName.trim() ? { screenName: form.screenName.trim() } : {}),
        }),
      )
      // The secret has reached the keychain: drop it from renderer memory at once.
      set({ awaitingPin: started, form: { ...get().form, consumerSecret: '', pin: '' }, busy: null })
      await get().load()
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
        form: EMPTY_FORM,
        notice: {
          tone: 'success',
          text: `Connected as @${profile.screenName} (user ${profile.userId}) with ${
            profile.accessLevel === 'write' ? 'read and write' : 'read-only'
          } access.`,
        },
      })
      await get().load()
      return true
    } catch (error) {
      set({ ...placeError(error), busy: null })
      return false
    }
  },

  reauthorize(profile) {
    set({
      reauthorizing: profile,
      awaitingPin: null,
      fieldErrors: {},
      pageError: null,
      notice: null,
      form: {
        ...EMPTY_FORM,
        environment: profile.environment,
        hosts: profile.hosts,
        label: profile.label,
        consumerKey: profile.consumerKey,
        accessLevel: profile.accessLevel,
        screenName: profile.screenName ?? '',
      },
    })
  },

  cancelWizard() {
    set({ awaitingPin: null, reauthorizing: null, form: EMPTY_FORM, fieldErrors: {}, pageError: null })
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
}))
