// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxJobView } from '../../../../src/shared/ipc/contracts/outbox'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'
import { MediaTab } from '../../../../src/renderer/features/library/MediaTab'
import { PublishedCards } from '../../../../src/renderer/features/library/PublishedCards'
import { clearThumbnailCache } from '../../../../src/renderer/kits/media/libraryClient'
import { clockTime } from '../../../../src/renderer/kits/jobs/outboxModel'
import { installFakeStudio, mediaItem, polyfillRadix, profile, PROFILE_ID } from './fakeStudio'

const scope = { profileId: PROFILE_ID, accountId: 'acc-main' }
const VIDEO = mediaItem(1, {
  mediaKey: '3_2001',
  mediaType: 'VIDEO',
  name: 'Launch cut',
  fileName: 'launch.mp4',
  title: 'Launch',
  mediaUrl: undefined,
  posterMediaUrl: 'https://cdn.example/poster.png',
})
const IMAGE = mediaItem(2, { mediaKey: '3_2002', name: 'Hero', fileName: 'hero.png' })

type Studio = {
  library: Record<string, unknown>
  outbox: Record<string, unknown>
}

function job(state: OutboxJobView['state'], title: string): OutboxJobView {
  return {
    id: 'job-1',
    type: 'operation',
    title,
    area: 'library',
    profileId: PROFILE_ID,
    accountId: 'acc-main',
    state,
    steps: [{ kind: 'operation', label: title, status: state === 'done' ? 'done' : 'pending' }],
    stepsDone: state === 'done' ? 1 : 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  } as unknown as OutboxJobView
}
const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })
const refused = (error: Record<string, unknown>) => Promise.resolve({ ok: false as const, error })

function installWithWrites() {
  const calls = installFakeStudio({ media: [VIDEO, IMAGE] })
  const studio = window.studio as unknown as Studio
  const updateMedia = vi.fn((request: Record<string, unknown>) => {
    void request
    return ok({ job: job('running', 'Edit') })
  })
  const deleteMedia = vi.fn((request: Record<string, unknown>) => {
    void request
    return ok({ job: job('running', 'Delete') })
  })
  const get = vi.fn(() => ok({ job: job('done', 'Edit') }))
  studio.library.updateMedia = updateMedia
  studio.library.deleteMedia = deleteMedia
  studio.outbox = { get, retry: vi.fn() }
  return { ...calls, updateMedia, deleteMedia, get }
}

async function openDetails(name: string) {
  const tiles = await screen.findAllByTestId('media-tile')
  const tile = tiles.find((entry) => entry.textContent?.includes(name))
  if (!tile) throw new Error(`no tile named ${name}`)
  fireEvent.click(tile)
  return screen.findByTestId('media-details')
}

beforeEach(() => {
  polyfillRadix()
  clearThumbnailCache()
  useConnectStore.setState({ list: { profiles: [profile()], activeProfileId: profile().id } })
})
afterEach(cleanup)

describe('editing a media library entry', () => {
  it('offers a video’s name, file name, title, description and poster; a rule is shown on its field and nothing is sent', async () => {
    const calls = installWithWrites()
    render(<MediaTab scope={scope} />)
    const details = await openDetails('Launch cut')
    fireEvent.click(within(details).getByRole('button', { name: 'Edit…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Launch cut”' })
    for (const label of ['Name', 'File name', 'Title', 'Description'])
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument()
    expect(within(dialog).getByTestId('edit-media-poster')).toHaveTextContent('The first frame (default)')
    // Focus starts inside the dialog.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))

    const title = within(dialog).getByLabelText('Title')
    fireEvent.change(title, { target: { value: 't'.repeat(71) } })
    expect(title).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByText(/Title .*70/)).toBeInTheDocument()
    // Enter in a field submits the form: refused here, before anything is sent.
    fireEvent.submit(title.closest('form')!)
    expect(calls.updateMedia).not.toHaveBeenCalled()

    fireEvent.change(title, { target: { value: 'Launch, spring' } })
    expect(title).not.toHaveAttribute('aria-invalid')
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Thirty seconds' } })
    fireEvent.submit(title.closest('form')!)
    // Only what changed is sent.
    await waitFor(() =>
      expect(calls.updateMedia).toHaveBeenCalledWith({
        ...scope,
        mediaKey: '3_2001',
        title: 'Launch, spring',
        description: 'Thirty seconds',
      }),
    )
    // The outbox job is followed until it is done; the dialog closes and the details show the edit.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 })
    expect(await screen.findByText('Saved the changes to “Launch cut”.')).toBeInTheDocument()
    const after = screen.getByTestId('media-details')
    expect(after).toHaveTextContent('Launch, spring')
    expect(after).toHaveTextContent('Thirty seconds')
    // And the list is read again.
    await waitFor(() => expect(calls.libraryList.mock.calls.length).toBeGreaterThanOrEqual(2))
  })

  it('offers only name and file name for an image, and puts main’s refusal on the fields it names', async () => {
    const calls = installWithWrites()
    calls.updateMedia.mockImplementationOnce(
      () =>
        refused({
          code: 'invalid_input',
          message: '2 problems to fix. First: Name is too long',
          field: 'name',
          issues: [
            { field: 'name', message: 'The name is taken by the platform’s rules: at most 100 characters' },
            { field: 'fileName', message: 'The file name has a broken character' },
          ],
        }) as never,
    )
    render(<MediaTab scope={scope} />)
    const details = await openDetails('Hero')
    fireEvent.click(within(details).getByRole('button', { name: 'Edit…' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByLabelText('Title')).toBeNull()
    expect(within(dialog).queryByLabelText('Description')).toBeNull()
    expect(within(dialog).queryByTestId('edit-media-poster')).toBeNull()

    const name = within(dialog).getByLabelText('Name')
    fireEvent.change(name, { target: { value: 'Hero, wide' } })
    fireEvent.submit(name.closest('form')!)
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'))
    expect(within(dialog).getByText(/at most 100 characters/)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('File name')).toHaveAttribute('aria-invalid', 'true')
    expect(calls.updateMedia).toHaveBeenCalledWith({ ...scope, mediaKey: '3_2002', name: 'Hero, wide' })

    // Escape cancels.
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('says so when Save is pressed with nothing changed', async () => {
    const calls = installWithWrites()
    render(<MediaTab scope={scope} />)
    const details = await openDetails('Hero')
    fireEvent.click(within(details).getByRole('button', { name: 'Edit…' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByTestId('edit-media-save'))
    expect(await within(dialog).findByText('Nothing was changed yet.')).toBeInTheDocument()
    expect(calls.updateMedia).not.toHaveBeenCalled()
  })
})

describe('deleting a media library entry', () => {
  it('asks first (Cancel sends nothing), then queues the delete and drops the entry from view', async () => {
    const calls = installWithWrites()
    render(<MediaTab scope={scope} />)
    let details = await openDetails('Hero')
    fireEvent.click(within(details).getByRole('button', { name: 'Delete…' }))
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete “Hero” from the media library?' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls.deleteMedia).not.toHaveBeenCalled()

    details = screen.getByTestId('media-details')
    fireEvent.click(within(details).getByRole('button', { name: 'Delete…' }))
    confirm = await screen.findByRole('alertdialog')
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete from library' }))
    await waitFor(() => expect(calls.deleteMedia).toHaveBeenCalledWith({ ...scope, mediaKey: '3_2002' }))
    expect(
      await screen.findByText('Deleted “Hero” from the media library.', {}, { timeout: 3000 }),
    ).toBeInTheDocument()
    expect(screen.queryByTestId('media-details')).toBeNull()
  })
})

describe('a rate-limited read', () => {
  const rateLimited = () =>
    refused({ code: 'rate_limited', message: 'The platform rate limit was reached', retryAfter: 600 })

  it('the media library says when it resumes and offers Retry now, which reads again', async () => {
    const calls = installFakeStudio({ media: [IMAGE] })
    const list = calls.libraryList
    list.mockImplementationOnce(rateLimited as never)
    const before = Date.now()
    render(<MediaTab scope={scope} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      `The platform rate limit was reached — resumes at ${clockTime(new Date(before + 600_000).toISOString())}`,
    )
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Retry now' })))
    expect(await screen.findByText('Hero')).toBeInTheDocument()
    expect(list).toHaveBeenCalledTimes(2)
  })

  it('the published cards list says when it resumes and offers Retry now, which reads again', async () => {
    installFakeStudio()
    const cards = vi
      .fn()
      .mockImplementationOnce(rateLimited)
      .mockImplementation(() =>
        ok({ cards: [{ id: '11', kind: 'component', name: 'Spring boots' }], nextCursors: {} }),
      )
    ;(window.studio as unknown as Studio).library.cards = cards
    render(<PublishedCards scope={scope} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/The platform rate limit was reached — resumes at \d{1,2}:\d{2}/)
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Retry now' })))
    expect(await screen.findByText('Spring boots')).toBeInTheDocument()
    expect(cards).toHaveBeenCalledTimes(2)
  })
})
