// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PollEditor } from '../../../../src/renderer/features/polls/PollEditor'
import { VideoConversationEditor } from '../../../../src/renderer/features/video-conversations/VideoConversationEditor'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'
import type { PublishedCardState } from '../../../../src/shared/ipc/contracts/published'
import type { ProfileSummary } from '../../../../src/shared/profiles'
import { fakeStudio, makeDraft, NOW, renderEditor } from './editorHarness'

vi.mock('../../../../src/renderer/kits/editor/MediaSlot', () => import('./mediaSlotStub'))

/**
 * Issue 45: a published poll or video conversation card shows, in its banner, what the platform
 * holds now (published.cardState): voting open or closed, deleted, text changed elsewhere; a
 * failed read says so and can be tried again.
 */

const PROFILE: ProfileSummary = {
  id: '6f1d7a52-4a8e-4b0e-9d43-0c1f2e3a4b5c',
  label: 'Sandbox',
  environment: 'local_sandbox',
  hosts: {
    apiUrl: 'http://127.0.0.1:1/api',
    adsUrl: 'http://127.0.0.1:1/ads',
    adsSandboxUrl: 'http://127.0.0.1:1/ads',
  },
  consumerKey: 'key',
  accessLevel: 'write',
  status: 'connected',
  userId: '42',
  activeAccountId: 'acc1',
  updatedAt: NOW,
}

const state = (fields: Partial<PublishedCardState>): PublishedCardState => ({
  state: 'live',
  readAt: NOW,
  cardId: '99',
  changes: [],
  ...fields,
})

/** Answers published.cardState with each answer in turn (the last one repeats). */
function answering(...answers: ({ ok: true; value: PublishedCardState } | { ok: false; error: object })[]) {
  const studio = window.studio as unknown as Record<string, Record<string, unknown>>
  const cardState = vi.fn(() => Promise.resolve(answers.length > 1 ? answers.shift()! : answers[0]!))
  studio.published = { cardState }
  return cardState
}
const ok = (value: PublishedCardState) => ({ ok: true as const, value })

beforeEach(() => {
  useConnectStore.setState({ list: { profiles: [PROFILE], activeProfileId: PROFILE.id } })
})
afterEach(cleanup)

describe('a published card as the platform holds it', () => {
  it('reads a published poll when it opens and says voting is open', async () => {
    const draft = makeDraft('poll_card', { name: 'Lunch', choices: ['A', 'B'] }, 'published')
    fakeStudio([draft])
    const read = answering(ok(state({ voting: { endsAt: '2030-01-01T12:00:00Z', open: true } })))
    await renderEditor(draft, <PollEditor />)
    const line = await screen.findByTestId('published-card-state')
    await waitFor(() => expect(line).toHaveAttribute('data-state', 'live'))
    expect(line).toHaveTextContent(/^On the platform now: voting is open until .+2030.+\.$/)
    expect(read).toHaveBeenCalledWith({ profileId: PROFILE.id, draftId: draft.id })
  })

  it('warns that a poll deleted on the platform can no longer be used', async () => {
    const draft = makeDraft('poll_card', { name: 'Lunch', choices: ['A', 'B'] }, 'published')
    fakeStudio([draft])
    answering(ok(state({ state: 'deleted' })))
    await renderEditor(draft, <PollEditor />)
    const line = await screen.findByTestId('published-card-state')
    await waitFor(() => expect(line).toHaveAttribute('data-state', 'deleted'))
    expect(line).toHaveTextContent(
      'Deleted on the platform: posts can no longer use this poll. Duplicate it to publish a new one.',
    )
    expect(line).toHaveClass('published-state--warn')
  })

  it('lists the text changed elsewhere on a video conversation card, by the editor’s names', async () => {
    const draft = makeDraft('video_conversation_card', { name: 'Pick a side' }, 'published')
    fakeStudio([draft])
    answering(
      ok(
        state({
          changes: [
            { field: 'title', label: 'Title', now: 'Pick one today' },
            { field: 'thank_you_url', label: 'Thank-you URL', now: '' },
          ],
        }),
      ),
    )
    await renderEditor(draft, <VideoConversationEditor />)
    const line = await screen.findByTestId('published-card-state')
    await waitFor(() =>
      expect(
        within(line)
          .getAllByRole('term')
          .map((t) => t.textContent),
      ).toEqual(['Title', 'Thank-you URL']),
    )
    expect(
      within(line)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['“Pick one today”', 'empty'])
    expect(line).toHaveTextContent('An edit sent from here changes only the fields you edit.')
  })

  it('says a read that failed, and reads again on "Check again"', async () => {
    const draft = makeDraft('poll_card', { name: 'Lunch', choices: ['A', 'B'] }, 'published')
    fakeStudio([draft])
    const read = answering(
      {
        ok: false,
        error: { code: 'offline', message: 'The platform cannot be reached — check the connection' },
      },
      ok(state({ voting: { endsAt: '2020-01-01T12:00:00Z', open: false } })),
    )
    await renderEditor(draft, <PollEditor />)
    const line = await screen.findByTestId('published-card-state')
    await waitFor(() => expect(line).toHaveAttribute('data-state', 'failed'))
    expect(line).toHaveTextContent(
      'Could not check the platform: The platform cannot be reached — check the connection',
    )
    fireEvent.click(within(line).getByRole('button', { name: 'Check again' }))
    await waitFor(() =>
      expect(screen.getByTestId('published-card-state')).toHaveAttribute('data-state', 'live'),
    )
    expect(screen.getByTestId('published-card-state')).toHaveTextContent(/voting closed on .+2020/)
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('reads nothing for a draft that is not published', async () => {
    const draft = makeDraft('poll_card', { name: 'Lunch', choices: ['A', 'B'] })
    fakeStudio([draft])
    const read = answering(ok(state({})))
    await renderEditor(draft, <PollEditor />)
    expect(screen.queryByTestId('published-card-state')).toBeNull()
    expect(read).not.toHaveBeenCalled()
  })
})
