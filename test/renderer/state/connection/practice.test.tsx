// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'
import type { ProfileSummary } from '../../../../src/shared/profiles'
import { profile } from '../../features/library/fakeStudio'

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })
const demo = profile({ environment: 'practice', label: 'Demo', status: 'authorizing' })
const started = { profileId: demo.id, authorizeUrl: 'http://127.0.0.1:5000/oauth/authorize?oauth_token=t' }

type Answer = { status: 'approved'; pin: string } | { status: 'waiting' } | { status: 'none' }

/** window.studio for the practice path: each awaitPin call takes the next answer (a promise, to hold it). */
function installStudio(answers: (Answer | Promise<Answer>)[]) {
  const calls = {
    begin: vi.fn(() => ok(started)),
    awaitPin: vi.fn(() => Promise.resolve(answers.shift() ?? { status: 'none' as const }).then(ok)),
    complete: vi.fn((_: { profileId: string; pin: string }) =>
      ok<ProfileSummary>({ ...demo, status: 'connected' }),
    ),
  }
  const studio = {
    practice: { begin: calls.begin, awaitPin: calls.awaitPin },
    connect: { complete: calls.complete },
    profiles: { list: () => ok({ profiles: [demo], activeProfileId: demo.id }) },
  }
  Object.defineProperty(window, 'studio', { value: studio, configurable: true })
  return calls
}

beforeEach(() => {
  useConnectStore.getState().cancelWizard()
  useConnectStore.getState().startPath('practice')
})
afterEach(() => useConnectStore.getState().cancelWizard())

describe('practice in the Connect stepper', () => {
  it('starts on the authorization step: the welcome screen’s choice was the environment', () => {
    expect(useConnectStore.getState().step).toBe('authorize')
    expect(useConnectStore.getState().form.environment).toBe('practice')
  })

  it('fills in the PIN main learned once the designer approved, and connects with it', async () => {
    const calls = installStudio([{ status: 'waiting' }, { status: 'approved', pin: '4821093' }])
    expect(await useConnectStore.getState().beginPractice()).toBe(true)
    expect(calls.begin).toHaveBeenCalledWith({})
    await vi.waitFor(() => expect(calls.complete).toHaveBeenCalledTimes(1))
    expect(calls.complete).toHaveBeenCalledWith({ profileId: demo.id, pin: '4821093' })
    expect(calls.awaitPin).toHaveBeenCalledTimes(2)
    expect(useConnectStore.getState().step).toBe('account')
  })

  it('stops asking once the PIN was typed and sent, and when main has no authorization under way', async () => {
    let release: (answer: Answer) => void = () => {}
    const held = new Promise<Answer>((resolve) => (release = resolve))
    const calls = installStudio([held])
    await useConnectStore.getState().beginPractice()
    useConnectStore.getState().setField('pin', '1234567')
    await useConnectStore.getState().completeWithPin()
    release({ status: 'approved', pin: '1234567' })
    await vi.waitFor(() => expect(calls.awaitPin).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls.complete).toHaveBeenCalledTimes(1)

    useConnectStore.getState().startPath('practice')
    const again = installStudio([{ status: 'none' }])
    await useConnectStore.getState().beginPractice()
    await vi.waitFor(() => expect(again.awaitPin).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(again.awaitPin).toHaveBeenCalledTimes(1)
    expect(again.complete).not.toHaveBeenCalled()
    expect(useConnectStore.getState().step).toBe('pin')
  })
})
