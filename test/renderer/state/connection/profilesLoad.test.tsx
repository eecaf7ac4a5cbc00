// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProfileList } from '../../../../src/shared/profiles'
import { useProfilesLoaded } from '../../../../src/renderer/state/connection/activeProfile'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'

let answers: ProfileList[]
const list = vi.fn(() => Promise.resolve({ ok: true, value: answers.shift()! }))

beforeEach(() => {
  list.mockClear()
  answers = []
  useConnectStore.setState({ list: { profiles: [], activeProfileId: null }, loaded: false })
  Object.defineProperty(window, 'studio', { value: { profiles: { list } }, configurable: true })
})
afterEach(cleanup)

const noProfiles = (activeProfileId: string | null): ProfileList => ({ profiles: [], activeProfileId })

/** As the shell and a page are: the page's effect asks for the profiles, then the shell's. */
function Page() {
  useProfilesLoaded()
  return null
}
function Shell() {
  useEffect(() => {
    void useConnectStore.getState().load()
  }, [])
  return <Page />
}

describe('loading the profiles', () => {
  it('asks main once when the shell and its page ask in the same commit', async () => {
    answers = [noProfiles('first')]
    render(<Shell />)
    await waitFor(() => expect(useConnectStore.getState().loaded).toBe(true))
    expect(list).toHaveBeenCalledTimes(1)
    expect(useConnectStore.getState().list.activeProfileId).toBe('first')
  })

  it('asks main afresh for a load asked later, while the first is still on its way', async () => {
    answers = [noProfiles('before'), noProfiles('after sign-in')]
    const first = useConnectStore.getState().load()
    await Promise.resolve()
    const second = useConnectStore.getState().load()
    expect(second).not.toBe(first)
    await Promise.all([first, second])
    expect(list).toHaveBeenCalledTimes(2)
    expect(useConnectStore.getState().list.activeProfileId).toBe('after sign-in')
  })
})
