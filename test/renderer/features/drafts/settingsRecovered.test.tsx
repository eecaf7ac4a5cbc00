// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProfileList, ProfileSummary } from '../../../../src/shared/profiles'
import { FirstRun } from '../../../../src/renderer/features/drafts/FirstRun'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'

// Issue 39, D14: after main set a damaged settings file aside, the first screen says what
// happened and offers back the connections whose keys are still in the keychain.

const KEPT: ProfileSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  label: 'Spring account',
  environment: 'production',
  hosts: {
    apiUrl: 'https://api.x.com',
    adsUrl: 'https://ads-api.x.com',
    adsSandboxUrl: 'https://ads-api-sandbox.x.com',
  },
  consumerKey: 'key',
  accessLevel: 'write',
  status: 'connected',
  screenName: 'spring',
  updatedAt: new Date(0).toISOString(),
}
const MESSAGE =
  'Your settings file is damaged (not valid JSON), so Ads Studio set it aside as settings.json.damaged-1 and started with its default settings.'

const restore = vi.fn(async ({ profileIds }: { profileIds: string[] }) => ({
  ok: true,
  value: {
    profiles: profileIds.includes(KEPT.id) ? [KEPT] : [],
    activeProfileId: null,
  } satisfies ProfileList,
}))

beforeEach(() => {
  restore.mockClear()
  useConnectStore.setState({
    loaded: true,
    list: { profiles: [], activeProfileId: null, recovered: { message: MESSAGE, profiles: [KEPT] } },
  })
  Object.defineProperty(window, 'studio', { value: { profiles: { restore } }, configurable: true })
})
afterEach(cleanup)

describe('the first screen after a damaged settings file', () => {
  it('says what happened and restores the connections the keychain still holds', async () => {
    render(<FirstRun />)
    expect(screen.getByTestId('settings-recovered').textContent).toBe(MESSAGE)
    expect(
      screen.getByText(/still have their keys in the system keychain: Spring account \(@spring\)/),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Restore this connection' }))
    expect(restore).toHaveBeenCalledWith({ profileIds: [KEPT.id] })
    await waitFor(() => expect(useConnectStore.getState().list.profiles).toEqual([KEPT]))
  })

  it('can be dismissed without restoring anything', async () => {
    render(<FirstRun compact />)
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(restore).toHaveBeenCalledWith({ profileIds: [] })
    await waitFor(() => expect(screen.queryByTestId('settings-recovered')).toBeNull())
  })
})
