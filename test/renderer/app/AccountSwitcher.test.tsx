// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AccountSwitcher } from '../../../src/renderer/app/AccountSwitcher'
import { useAccountFeatures } from '../../../src/renderer/state/accounts/accountFeatures'
import { useAccountsStore } from '../../../src/renderer/state/accounts/accountsStore'
import { useConnectStore } from '../../../src/renderer/state/connection/connectStore'
import { installFakeStudio, polyfillRadix, profile } from '../features/library/fakeStudio'

beforeEach(() => {
  polyfillRadix()
  useConnectStore.setState({ list: { profiles: [], activeProfileId: null } })
  useAccountsStore.setState({ profileId: null, accounts: [], busy: null, failure: null, notice: null })
  useAccountFeatures.setState({ features: undefined })
})
afterEach(cleanup)

describe('AccountSwitcher', () => {
  it('points to Connect when no profile is connected', async () => {
    installFakeStudio({ profiles: [] })
    render(<AccountSwitcher />)
    const link = await screen.findByRole('link', { name: 'Connect a profile' })
    expect(link).toHaveAttribute('href', '#/connect')
    expect(screen.getByTestId('account-switcher')).toHaveTextContent('Not connected — Connect')
    expect(screen.queryByRole('combobox')).toBeNull()
  })

  it('says the access was revoked, with a link to authorize again', async () => {
    installFakeStudio({ profiles: [profile({ status: 'expired' })] })
    render(<AccountSwitcher />)
    expect(await screen.findByText(/Your access was revoked/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'authorize again' })).toHaveAttribute('href', '#/connect')
  })

  it('lists the profile’s accounts, switches with the keyboard and follows with the account’s features', async () => {
    const calls = installFakeStudio({
      features: { 'acc-main': ['PROMOTED_MEDIA_POLLS'], 'acc-second': ['REACH_FREQUENCY_CAP'] },
    })
    render(<AccountSwitcher />)
    const trigger = await screen.findByRole('combobox')
    await waitFor(() => expect(trigger).toHaveTextContent('Main account'))
    await waitFor(() => expect(useAccountFeatures.getState().features).toEqual(['PROMOTED_MEDIA_POLLS']))

    act(() => trigger.focus())
    fireEvent.keyDown(trigger, { key: 'Enter' })
    const listbox = await screen.findByRole('listbox')
    const options = within(listbox).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      'Main account acc-main',
      'Second account acc-second',
    ])
    await waitFor(() => expect(document.activeElement).toBe(options[0]))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    await waitFor(() => expect(document.activeElement).toBe(options[1]))
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' })

    await waitFor(() =>
      expect(calls.select).toHaveBeenCalledWith({ profileId: profile().id, accountId: 'acc-second' }),
    )
    await waitFor(() => expect(screen.getByRole('combobox')).toHaveTextContent('Second account'))
    await waitFor(() => expect(useAccountFeatures.getState().features).toEqual(['REACH_FREQUENCY_CAP']))
  })

  it('creates a sandbox account on sandbox hosts only, then switches to it', async () => {
    const calls = installFakeStudio()
    render(<AccountSwitcher />)
    const create = await screen.findByRole('button', { name: /Create sandbox account/ })
    fireEvent.click(create)
    await waitFor(() => expect(calls.createSandbox).toHaveBeenCalledTimes(1))
    await waitFor(() =>
      expect(calls.select).toHaveBeenCalledWith({ profileId: profile().id, accountId: 'acc-new' }),
    )
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Created and switched to Sandbox account acc-new.',
    )
    cleanup()

    installFakeStudio({ profiles: [profile({ environment: 'production' })] })
    useConnectStore.setState({ list: { profiles: [], activeProfileId: null } })
    render(<AccountSwitcher />)
    await screen.findByRole('combobox')
    expect(screen.queryByRole('button', { name: /Create sandbox account/ })).toBeNull()
  })
})
