// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PublishButton } from '../../../../src/renderer/kits/publish/PublishButton'
import { DraftEditorProvider, useDraftEditor } from '../../../../src/renderer/state/drafts/draftEditor'
import { emptyContent } from '../../../../src/shared/creatives/content'
import type { OutboxJobView, OutboxReview } from '../../../../src/shared/ipc/contracts/outbox'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'
import { polyfillRadix, profile } from '../../features/library/fakeStudio'
import { fakeEvents } from '../../fakeEvents'

const DRAFT_ID = '00000000-0000-4000-8000-00000000c001'

const review: OutboxReview = {
  profileLabel: 'Studio sandbox',
  accountId: '18ce54d4x5t',
  advertiser: '756201191646691328',
  steps: [
    { kind: 'upload', label: 'Upload hero.png', bytes: 245_760 },
    { kind: 'library', label: 'Add hero.png to the media library' },
    { kind: 'card', label: 'Create the poll card “Lunch poll”' },
    { kind: 'post', label: 'Create the post' },
  ],
  warnings: [
    {
      message: 'Poll media need the PROMOTED_MEDIA_POLLS feature, which could not be checked',
      draftId: DRAFT_ID,
    },
  ],
}

const queued: OutboxJobView = {
  id: '10000000-0000-4000-8000-00000000c001',
  type: 'draft',
  title: 'Lunch post',
  draftId: DRAFT_ID,
  kind: 'post',
  profileId: 'p',
  accountId: review.accountId,
  state: 'queued',
  steps: [],
  stepsDone: 0,
  created: { mediaKeys: [] },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

function installStudio() {
  const calls = {
    review: vi.fn(() => Promise.resolve({ ok: true as const, value: { review } })),
    enqueue: vi.fn(() => Promise.resolve({ ok: true as const, value: { job: queued } })),
  }
  const studio = {
    outbox: {
      status: () => Promise.resolve({ ok: true as const, value: { job: null } }),
      review: calls.review,
      enqueue: calls.enqueue,
    },
  }
  Object.defineProperty(window, 'studio', { value: studio, configurable: true })
  return calls
}

beforeEach(polyfillRadix)
afterEach(cleanup)

async function openSheet() {
  render(<PublishButton draftId={DRAFT_ID} />)
  fireEvent.click(await screen.findByRole('button', { name: 'Publish' }))
  return screen.findByRole('dialog', { name: 'Review and publish' })
}

describe('the review sheet Publish opens', () => {
  it('shows where it goes, every step with upload sizes, and the warnings; Enter confirms', async () => {
    const calls = installStudio()
    const sheet = await openSheet()
    expect(calls.review).toHaveBeenCalledWith({ draftId: DRAFT_ID })
    expect(sheet).toHaveTextContent('Studio sandbox')
    expect(sheet).toHaveTextContent('18ce54d4x5t')
    expect(sheet).toHaveTextContent('Post as')
    expect(sheet).toHaveTextContent('756201191646691328')
    const steps = within(within(sheet).getByRole('list', { name: 'Steps that will run' })).getAllByRole(
      'listitem',
    )
    expect(steps.map((step) => step.textContent)).toEqual([
      'Upload hero.png · 240.0 KB',
      'Add hero.png to the media library',
      'Create the poll card “Lunch poll”',
      'Create the post',
    ])
    expect(within(sheet).getByRole('group', { name: 'Warnings' })).toHaveTextContent('1 warning')
    // Nothing is queued by opening it.
    expect(calls.enqueue).not.toHaveBeenCalled()
    const confirm = within(sheet).getByTestId('review-confirm')
    await waitFor(() => expect(confirm).toHaveFocus())
    fireEvent.keyDown(sheet, { key: 'Enter' })
    await waitFor(() => expect(calls.enqueue).toHaveBeenCalledWith({ draftId: DRAFT_ID }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // Publish is disabled once the job is queued: focus goes to the job's outbox link, not the page.
    expect(screen.getByTestId('publish-button')).toBeDisabled()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open the outbox' })).toHaveFocus())
  })

  it('gives focus back to Publish when the review is cancelled (issue 41 item 7)', async () => {
    installStudio()
    const sheet = await openSheet()
    await waitFor(() => expect(within(sheet).getByTestId('review-confirm')).toHaveFocus())
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(screen.getByTestId('publish-button')).toHaveFocus())
  })

  it('marks a publish of the practice profile as practice, and only that one', async () => {
    installStudio()
    const practice = profile({ environment: 'practice', label: 'Demo' })
    useConnectStore.setState({ list: { profiles: [practice], activeProfileId: practice.id } })
    try {
      const sheet = await openSheet()
      expect(within(sheet).getByTestId('practice-badge')).toHaveTextContent('Practice')
      expect(within(sheet).getByTestId('review-practice')).toHaveTextContent('Nothing reaches real people')
      cleanup()
      useConnectStore.setState({ list: { profiles: [profile()], activeProfileId: profile().id } })
      const real = await openSheet()
      expect(within(real).queryByTestId('practice-badge')).toBeNull()
      expect(within(real).queryByTestId('review-practice')).toBeNull()
    } finally {
      useConnectStore.setState({ list: { profiles: [], activeProfileId: null } })
    }
  })

  it('Esc cancels without queuing anything', async () => {
    const calls = installStudio()
    const sheet = await openSheet()
    fireEvent.keyDown(sheet, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.enqueue).not.toHaveBeenCalled()
  })

  it('Cancel closes it; a refusal from main shows next to Publish, no sheet', async () => {
    const calls = installStudio()
    const sheet = await openSheet()
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    calls.review.mockImplementationOnce(
      () =>
        Promise.resolve({
          ok: false as const,
          error: { code: 'token_expired', message: 'Your access was revoked — authorize again' },
        }) as never,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Your access was revoked — authorize again')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.enqueue).not.toHaveBeenCalled()
  })
})

describe('a publish followed from the editor', () => {
  it('turns the open editor read-only once the job is published, without reopening the draft', async () => {
    const published: OutboxJobView = { ...queued, state: 'published', stepsDone: 1 }
    const events = fakeEvents()
    const draft = (status: 'draft' | 'published') => ({
      id: DRAFT_ID,
      kind: 'post' as const,
      name: 'Lunch post',
      status,
      schemaVersion: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      content: emptyContent('post'),
    })
    const get = vi.fn(() => Promise.resolve({ ok: true as const, value: draft('draft') }))
    const status = vi.fn(() => Promise.resolve({ ok: true as const, value: { job: queued } }))
    // The job is read once (running); main then says it was published (job.progress).
    const studio = { on: events.on, outbox: { status }, drafts: { get } }
    Object.defineProperty(window, 'studio', { value: studio, configurable: true })
    function Status() {
      return <p data-testid="status">{useDraftEditor((state) => state.draft.status)}</p>
    }
    render(
      <DraftEditorProvider draftId={DRAFT_ID} kind="post" fallback={() => null}>
        <Status />
        <PublishButton draftId={DRAFT_ID} />
      </DraftEditorProvider>,
    )
    expect(await screen.findByTestId('status')).toHaveTextContent('draft')
    await waitFor(() => expect(status).toHaveBeenCalled())
    await act(async () => {}) // its answer is in
    get.mockImplementation(() => Promise.resolve({ ok: true as const, value: draft('published') }))
    act(() => events.emit('job.progress', { job: published }))
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('published'), {
      timeout: 3000,
    })
    expect(screen.getByTestId('publish-button')).toHaveTextContent('Published')
  })
})
