// The Audiences page around the upload flow: the account's audiences, one audience's sharing,
// targeting and history, and the way into an upload and back — window.studio from plain data.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { Users } from 'lucide-react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RouteInfo } from '../../../../src/renderer/nav/routes'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'
import AudiencesPage from '../../../../src/renderer/features/audiences/AudiencesPage'
import { profile } from '../library/fakeStudio'

const route: RouteInfo = {
  id: 'audiences',
  label: 'Audiences',
  summary: 'Customer lists',
  icon: Users,
  group: 'account',
}

const audiences = [
  { id: 'aud1', name: 'Newsletter', size: 12_000, reasonsNotTargetable: [], isOwner: true },
  {
    id: 'aud2',
    name: 'Partner buyers',
    reasonsNotTargetable: ['TOO_SMALL'],
    isOwner: false,
    ownerAccountId: 'acc-other',
    permissionLevel: 'READ_ONLY',
  },
]

let requests: { channel: string; request: unknown }[]

beforeEach(() => {
  requests = []
  useConnectStore.setState({ list: { profiles: [profile()], activeProfileId: profile().id } })
  const answer = (channel: string, value: (request: { audienceId?: string }) => unknown) =>
    vi.fn(async (request: { audienceId?: string }) => {
      requests.push({ channel, request })
      return { ok: true, value: value(request) }
    })
  Object.defineProperty(window, 'studio', {
    configurable: true,
    value: {
      audiences: {
        list: answer('list', () => ({
          accountId: 'acc-main',
          audiences,
          doNotReachLists: [{ id: 'dnr1', name: 'Opted out', size: 40, reasonsNotTargetable: [] }],
          uploads: [],
        })),
        details: answer('details', (request) =>
          request.audienceId === 'aud1'
            ? {
                permissions: [{ id: 'p1', grantedAccountId: 'acc-agency', permissionLevel: 'READ_WRITE' }],
                targeted: [
                  {
                    campaignId: 'c1',
                    campaignName: 'Spring',
                    lineItems: [{ id: 'l1', name: 'Returning buyers', servable: false }],
                  },
                ],
                uploads: [
                  {
                    uploadId: 'u1',
                    jobId: 'j1',
                    targetId: 'aud1',
                    fileName: 'march.csv',
                    operationType: 'Update',
                    records: 9_800,
                    createdAt: '2026-03-01T10:00:00.000Z',
                    state: 'done',
                  },
                ],
              }
            : {
                permissions: [],
                permissionsNote: 'Only the owner sees who it is shared with.',
                targeted: [],
                uploads: [],
              },
        ),
      },
      targeting: {
        locations: answer('locations', () => ({ locations: [] })),
        estimate: answer('estimate', () => ({
          estimate: { min: 9_000, max: 12_000, estimatedAt: '2026-12-07T10:00:00.000Z' },
        })),
      },
    },
  })
  Element.prototype.scrollIntoView = vi.fn()
  Element.prototype.hasPointerCapture = vi.fn(() => false)
  Element.prototype.releasePointerCapture = vi.fn()
})
afterEach(cleanup)

describe('audiences page', () => {
  it('lists the account’s audiences and shows the first one’s sharing, targeting and upload history', async () => {
    render(<AudiencesPage route={route} />)
    const list = await screen.findByTestId('audience-list')
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Newsletter12,000 people',
      'Partner buyerssize unknown · shared with you, read only · too small to target',
    ])
    expect(within(list).getByRole('button', { name: /Newsletter/ })).toHaveAttribute('aria-current', 'true')
    const details = screen.getByTestId('audience-details')
    expect(await within(details).findByText(/Account acc-agency · read and write/)).toBeInTheDocument()
    expect(within(screen.getByTestId('targeted')).getByText(/Returning buyers/)).toHaveTextContent(
      'Returning buyers · Spring · not serving',
    )
    expect(within(details).getByText(/added 9,800 rows from march\.csv/)).toBeInTheDocument()
    expect(within(details).getByTestId('upload-list')).toBeEnabled()
    // The estimate of the chosen audience, once the page has settled on it.
    expect(
      await within(details).findByText(/9,000 – 12,000 people/, {}, { timeout: 3000 }),
    ).toBeInTheDocument()
    expect(requests.find((entry) => entry.channel === 'estimate')?.request).toMatchObject({
      accountId: 'acc-main',
      criteria: [{ type: 'CUSTOM_AUDIENCE', value: 'aud1' }],
    })
  })

  it('a read-only shared audience cannot be uploaded to, and says who can share it', async () => {
    render(<AudiencesPage route={route} />)
    fireEvent.click(
      within(await screen.findByTestId('audience-list')).getByRole('button', { name: /Partner buyers/ }),
    )
    const details = screen.getByTestId('audience-details')
    expect(within(details).getByRole('heading', { name: 'Partner buyers' })).toBeInTheDocument()
    expect(within(details).getByTestId('upload-list')).toBeDisabled()
    expect(
      within(details).getByText(/by account acc-other: only the owning account can share it/),
    ).toBeInTheDocument()
    expect(await within(details).findByText('Only the owner sees who it is shared with.')).toBeInTheDocument()
    expect(
      requests.filter((entry) => entry.channel === 'details').map((entry) => entry.request),
    ).toContainEqual({
      profileId: profile().id,
      audienceId: 'aud2',
    })
  })

  it('opens the upload for the chosen audience and comes back to the list', async () => {
    render(<AudiencesPage route={route} />)
    await screen.findByTestId('audience-details')
    fireEvent.click(screen.getByTestId('upload-list'))
    expect(screen.getByRole('heading', { name: 'Upload to “Newsletter”' })).toBeInTheDocument()
    expect(screen.getByTestId('upload-start')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Back to audiences' }))
    expect(await screen.findByTestId('audience-list')).toBeInTheDocument()
  })

  it('says the access was revoked, with the way to Connect, when the profile lost it', () => {
    useConnectStore.setState({
      list: { profiles: [profile({ status: 'expired' })], activeProfileId: profile().id },
    })
    render(<AudiencesPage route={route} />)
    expect(screen.getByText('Your access was revoked — authorize again')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Connect' })).toHaveAttribute('href', '#/connect')
    expect(requests).toEqual([])
  })

  it('asks to connect first when there is no profile, with the way to Connect', () => {
    useConnectStore.setState({ list: { profiles: [], activeProfileId: null } })
    render(<AudiencesPage route={route} />)
    expect(screen.getByText('Not connected')).toBeInTheDocument()
    expect(screen.getByText('Connect a profile to see its audiences.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Connect' })).toHaveAttribute('href', '#/connect')
    expect(requests).toEqual([])
  })
})
