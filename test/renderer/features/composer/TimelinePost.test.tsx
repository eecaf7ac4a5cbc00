// @vitest-environment jsdom
// The composer's timeline post (POST /2/posts): the paid-partnership switch and its label in the
// preview, a community shared with followers, and editing one's own post with the time left.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProfileList } from '../../../../src/shared/profiles'
import { useSettingsStore } from '../../../../src/renderer/state/settings/settingsStore'
import { PostComposer } from '../../../../src/renderer/features/composer/PostComposer'
import { fakeStudio, lastSavedContent, makeDraft, renderEditor } from '../../kits/editor/editorHarness'

vi.mock('../../../../src/renderer/kits/editor/MediaSlot', () => import('../../kits/editor/mediaSlotStub'))

const PROFILE_ID = '00000000-0000-4000-8000-000000000001'
const CONNECTED: ProfileList = {
  activeProfileId: PROFILE_ID,
  profiles: [
    {
      id: PROFILE_ID,
      label: 'Acme Outdoors',
      environment: 'local_sandbox',
      hosts: { api: 'http://127.0.0.1:1', ads: 'http://127.0.0.1:1', upload: 'http://127.0.0.1:1' } as never,
      consumerKey: 'key',
      accessLevel: 'write',
      status: 'connected',
      screenName: 'acme',
      userId: '42',
      activeAccountId: 'acc-main',
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
  ],
}
const NOW = Date.parse('2026-12-07T10:30:00Z')
const POST = {
  id: '1700000000000000042',
  text: 'Sale starts Monday',
  paidPartnership: false,
  editableUntil: Date.parse('2026-12-07T10:45:00Z'),
  editsRemaining: 5,
}

let publish: ReturnType<typeof vi.fn>
async function openComposer(text = 'Sale starts Tuesday', extra: Record<string, unknown> = {}) {
  const draft = makeDraft('post')
  draft.content = { ...(draft.content as object), text, ...extra } as never
  const calls = fakeStudio([draft], CONNECTED)
  publish = vi.fn(async () => ({ ok: true, value: { job: { id: 'job-1' } } }))
  Object.assign(window.studio, {
    organic: { editable: vi.fn(async () => ({ ok: true, value: { post: POST } })), publish },
  })
  await renderEditor(draft, <PostComposer />)
  return calls
}

beforeEach(() => {
  useSettingsStore.setState({ settings: null, error: null })
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] })
  vi.setSystemTime(NOW)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the timeline post', () => {
  it('labels the preview "Paid partnership" when the switch is on, and saves it in the draft', async () => {
    const calls = await openComposer()
    expect(screen.queryByTestId('post-preview-paid')).toBeNull()
    fireEvent.click(screen.getByTestId('post-paid-partnership'))
    await waitFor(() => expect(screen.getByTestId('post-preview-paid').textContent).toBe('Paid partnership'))
    await waitFor(() => expect(lastSavedContent<'post'>(calls)?.paidPartnership).toBe(true))
  })

  it('says what a timeline post leaves out of the draft: its card stays with the ad', async () => {
    await openComposer('With a card', { card: { source: 'published', cardUri: 'card://1' } })
    expect(screen.getByTestId('timeline-left-out').textContent).toBe(
      'A timeline post carries the text only. Left with the ad: the card.',
    )
  })

  it('says nothing is left out of a text-only draft', async () => {
    await openComposer()
    expect(screen.queryByTestId('timeline-left-out')).toBeNull()
  })

  it('posts to a community, shared with followers, with the label', async () => {
    await openComposer()
    fireEvent.click(screen.getByTestId('post-paid-partnership'))
    fireEvent.change(screen.getByTestId('post-community'), { target: { value: '1790000000000000001' } })
    fireEvent.click(screen.getByTestId('post-share-followers'))
    fireEvent.click(screen.getByTestId('post-to-timeline'))
    await waitFor(() => expect(publish).toHaveBeenCalled())
    expect(publish.mock.calls[0]?.[0]).toEqual({
      profileId: PROFILE_ID,
      accountId: 'acc-main',
      text: 'Sale starts Tuesday',
      paidPartnership: true,
      communityId: '1790000000000000001',
      shareWithFollowers: true,
    })
  })

  it('counts down the time left to edit, then says when the hour ended and will not send', async () => {
    await openComposer()
    fireEvent.change(screen.getByTestId('post-edit-id'), { target: { value: POST.id } })
    fireEvent.click(screen.getByRole('button', { name: 'Look up post' }))
    await waitFor(() => expect(screen.getByTestId('post-edit-window').textContent).toMatch(/^15:00 left/))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000)
    })
    expect(screen.getByTestId('post-edit-window').textContent).toMatch(/^13:59 left/)
    fireEvent.click(screen.getByTestId('post-to-timeline'))
    await waitFor(() => expect(publish).toHaveBeenCalledTimes(1))
    expect(publish.mock.calls[0]?.[0]).toMatchObject({ previousPostId: POST.id, text: 'Sale starts Tuesday' })
    expect(publish.mock.calls[0]?.[0]).not.toHaveProperty('communityId')

    await act(async () => {
      await vi.advanceTimersByTimeAsync(14 * 60_000)
    })
    expect(screen.getByTestId('post-edit-window').textContent).toMatch(/ended at 2026-12-07T10:45:00Z/)
    expect(screen.getByTestId('post-to-timeline')).toBeDisabled()
  })
})
