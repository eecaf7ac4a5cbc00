// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConnectWizard } from '../../../../src/renderer/features/connect/ConnectWizard'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'
import type { ProfileSummary } from '../../../../src/shared/profiles'
import { polyfillRadix, profile } from '../library/fakeStudio'

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })
const started = { profileId: 'p-new', authorizeUrl: 'https://api.example.test/oauth/authorize?oauth_token=t' }

/** window.studio for the wizard's key path: begin and complete answer, the list stays as given. */
function installStudio(profiles: ProfileSummary[] = []) {
  const calls = {
    begin: vi.fn((_: Record<string, unknown>) => ok(started)),
    complete: vi.fn((_: { profileId: string; pin: string }) =>
      ok<ProfileSummary>(profile({ id: 'p-new', status: 'connected' })),
    ),
    open: vi.fn((_: { url: string }) => ok({})),
  }
  const studio = {
    connect: { begin: calls.begin, complete: calls.complete },
    external: { open: calls.open },
    profiles: { list: () => ok({ profiles, activeProfileId: profiles[0]?.id ?? null }) },
  }
  Object.defineProperty(window, 'studio', { value: studio, configurable: true })
  useConnectStore.setState({ list: { profiles, activeProfileId: profiles[0]?.id ?? null } })
  return calls
}

const title = () => screen.getByTestId('wizard-step-title')
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }))

beforeEach(() => {
  polyfillRadix()
  useConnectStore.getState().cancelWizard()
})
afterEach(() => {
  cleanup()
  useConnectStore.getState().cancelWizard()
})

describe('the Connect wizard', () => {
  it('folds away behind "Add another profile" once a profile exists, and opens on the environment', () => {
    installStudio([profile()])
    render(<ConnectWizard />)
    expect(screen.queryByTestId('connect-wizard')).toBeNull()
    click('Add another profile')
    expect(title()).toHaveTextContent('Where do you want to work?')
    expect(useConnectStore.getState().form.environment).toBe('production')
  })

  it('walks a first profile from the environment through the key to the PIN, and connects', async () => {
    const calls = installStudio()
    render(<ConnectWizard />)
    expect(title()).toHaveTextContent('Where do you want to work?')
    // Nothing to cancel to: the first profile is the way in.
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()

    fireEvent.click(screen.getByTestId('environment-local_sandbox'))
    type('Sandbox address', 'http://127.0.0.1:4999')
    click('Continue')
    expect(title()).toHaveTextContent('Your app’s key and secret')
    // The button that moved on is gone: the new step's heading has the focus, not the page.
    expect(title()).toHaveFocus()

    click('Back')
    expect(title()).toHaveTextContent('Where do you want to work?')
    expect(title()).toHaveFocus()
    expect(field('Sandbox address').value).toBe('http://127.0.0.1:4999')
    click('Continue')

    type('API key', 'key-1')
    type('API key secret', 'secret-1')
    type('Profile name', 'Mine')
    click('Continue')
    expect(title()).toHaveTextContent('Approve Ads Studio in your browser')
    expect(title()).toHaveFocus()

    click('Open authorization page')
    await screen.findByRole('heading', { name: 'Type the PIN from the authorization page' })
    expect(calls.begin).toHaveBeenCalledTimes(1)
    expect(calls.begin.mock.calls[0]![0]).toMatchObject({
      environment: 'local_sandbox',
      hosts: { apiUrl: 'http://127.0.0.1:4999', adsUrl: 'http://127.0.0.1:4999/ads' },
      consumerKey: 'key-1',
      consumerSecret: 'secret-1',
      label: 'Mine',
      accessLevel: 'write',
      forceLogin: false,
    })

    expect(field('PIN')).toHaveFocus()
    click('Open the page again')
    expect(calls.open).toHaveBeenCalledWith({ url: started.authorizeUrl })

    // Digits only: letters are dropped as they come; the spaces of a pasted PIN are trimmed on submit.
    type('PIN', ' 12a345 ')
    expect(field('PIN').value).toBe(' 12345 ')
    click('Connect')
    await vi.waitFor(() => expect(calls.complete).toHaveBeenCalledWith({ profileId: 'p-new', pin: '12345' }))
  })

  it('asks the platform to sign in again and uses custom hosts only when their boxes are ticked', () => {
    installStudio()
    render(<ConnectWizard />)
    fireEvent.click(screen.getByRole('button', { name: 'Advanced' }))
    expect(screen.queryByLabelText('API host', { exact: false })).toBeNull()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use custom hosts (for example a proxy)' }))
    expect(useConnectStore.getState().form.environment).toBe('custom')
    expect(screen.getAllByRole('textbox')).toHaveLength(3)
    click('Continue')

    fireEvent.click(screen.getByRole('button', { name: 'Advanced' }))
    const forceLogin = screen.getByRole('checkbox', {
      name: 'Ask the platform to sign in again (force login)',
    })
    expect(forceLogin).toHaveAttribute('aria-checked', 'false')
    fireEvent.click(forceLogin)
    expect(useConnectStore.getState().form.forceLogin).toBe(true)
    expect(forceLogin).toHaveAttribute('aria-checked', 'true')
  })

  it('keeps the stored secret on a new authorization unless the key, hosts or environment change', () => {
    const connected = profile({ label: 'Studio sandbox' })
    installStudio([connected])
    useConnectStore.getState().reauthorize(connected)
    render(<ConnectWizard />)
    expect(screen.getByRole('heading', { name: 'Authorize Studio sandbox again' })).toBeInTheDocument()
    expect(screen.getByText('Leave empty to keep the secret already in the keychain.')).toBeInTheDocument()
    expect(field('API key secret')).not.toBeRequired()

    type('API key', 'another-key')
    expect(
      screen.getByText(/You changed the hosts, environment or key: enter the secret again/),
    ).toBeInTheDocument()
    expect(field('API key secret')).toBeRequired()
    click('Cancel')
    expect(useConnectStore.getState().step).toBeNull()
  })

  it('goes straight from the environment to authorization for practice, which needs no key', () => {
    installStudio()
    render(<ConnectWizard />)
    fireEvent.click(screen.getByTestId('environment-practice'))
    expect(screen.getByRole('heading', { name: 'Practice with a demo account' })).toBeInTheDocument()
    click('Continue')
    expect(title()).toHaveTextContent('Approve Ads Studio on the practice platform')
    click('Back')
    expect(title()).toHaveTextContent('Where do you want to work?')
  })
})
