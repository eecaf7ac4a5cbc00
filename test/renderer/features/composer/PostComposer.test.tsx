// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LIMITS } from '../../../../src/shared/rules/limits'
import type { ProfileList } from '../../../../src/shared/profiles'
import { useSettingsStore } from '../../../../src/renderer/state/settings/settingsStore'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'
import { PostComposer } from '../../../../src/renderer/features/composer/PostComposer'
import { NEAR_LIMIT_REMAINING } from '../../../../src/renderer/features/composer/counterState'
import { fakeStudio, lastSavedContent, makeDraft, renderEditor } from '../../kits/editor/editorHarness'
import { gif, image, pickQueue, video } from '../../kits/editor/mediaSlotStub'

vi.mock('../../../../src/renderer/kits/editor/MediaSlot', () => import('../../kits/editor/mediaSlotStub'))

const CONNECTED: ProfileList = {
  activeProfileId: '00000000-0000-4000-8000-000000000001',
  profiles: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      label: 'Acme Outdoors',
      environment: 'local_sandbox',
      hosts: { api: 'http://127.0.0.1:1', ads: 'http://127.0.0.1:1', upload: 'http://127.0.0.1:1' } as never,
      consumerKey: 'key',
      accessLevel: 'write',
      status: 'connected',
      screenName: 'acme',
      userId: '42',
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
  ],
}

beforeEach(() => {
  useSettingsStore.setState({ settings: null, error: null })
  pickQueue.length = 0
})
afterEach(cleanup)

const textArea = () => screen.getByTestId('post-text') as HTMLTextAreaElement
const type = (text: string) => fireEvent.change(textArea(), { target: { value: text } })
const counterNumber = () => screen.getByTestId('post-counter-number').textContent
const counterState = () => screen.getByTestId('post-counter').getAttribute('data-state')

describe('the post composer', () => {
  it('defaults the advertiser to the connected user and saves it in the draft', async () => {
    const draft = makeDraft('post')
    const calls = fakeStudio([draft], CONNECTED)
    await renderEditor(draft, <PostComposer />)
    await waitFor(() => expect((screen.getByTestId('post-advertiser') as HTMLInputElement).value).toBe('42'))
    expect(lastSavedContent<'post'>(calls)?.asUserId).toBe('42')
  })

  it('says the access was revoked, not "Choose the advertiser", when the profile lost its access', async () => {
    const draft = makeDraft('post')
    const revoked: ProfileList = {
      ...CONNECTED,
      profiles: [{ ...CONNECTED.profiles[0]!, status: 'expired', userId: undefined }],
    }
    fakeStudio([draft], revoked)
    await renderEditor(draft, <PostComposer />)
    expect((await screen.findByTestId('post-as-revoked')).textContent).toContain(
      'Your access was revoked — authorize again',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Show problems' }))
    // The advertiser field carries the cause too, not the rule's "Choose the advertiser".
    await waitFor(() =>
      expect(screen.getAllByText(/Your access was revoked — authorize again/).length).toBeGreaterThan(1),
    )
    expect(screen.queryByText('Choose the advertiser this post is made for')).toBeNull()
  })

  it('keeps an advertiser the draft already has', async () => {
    const draft = makeDraft('post', { asUserId: '777' })
    fakeStudio([draft], CONNECTED)
    await renderEditor(draft, <PostComposer />)
    await screen.findByTestId('post-counter-number')
    expect((screen.getByTestId('post-advertiser') as HTMLInputElement).value).toBe('777')
  })

  it('counts weighted length and turns amber near the limit and red past it', async () => {
    const draft = makeDraft('post')
    fakeStudio([draft])
    await renderEditor(draft, <PostComposer />)
    const limit = LIMITS.postLength.standard.value
    await screen.findByTestId('post-counter-number')
    expect(counterNumber()).toBe(limit.toLocaleString('en-US'))
    expect(counterState()).toBe('ok')

    // A URL weighs 23 whatever its length; here with 10 more plain characters.
    type('see https://example.com/a/very/long/path/that/is/long x')
    expect(counterNumber()).toBe((limit - (4 + 23 + 2)).toLocaleString('en-US'))
    expect(counterState()).toBe('ok')

    type('a'.repeat(limit - NEAR_LIMIT_REMAINING - 1))
    expect(counterState()).toBe('ok')
    type('a'.repeat(limit - NEAR_LIMIT_REMAINING))
    expect(counterNumber()).toBe(String(NEAR_LIMIT_REMAINING))
    expect(counterState()).toBe('near')
    type('a'.repeat(limit))
    expect(counterState()).toBe('near')
    expect(screen.queryByTestId('post-overflow')).toBeNull()

    // An emoji weighs 2: one past the limit makes it 2 over, and the emoji is the highlight.
    type(`${'a'.repeat(limit - 1)}😀`)
    expect(counterNumber()).toBe('-1')
    expect(counterState()).toBe('over')
    expect(screen.getByTestId('post-overflow').textContent).toBe('😀')
    await waitFor(() => expect(screen.getByText(/over the 4,000-character limit/)).toBeInTheDocument())
  })

  it('a post 1 character over 4,000 cannot be published: Publish is disabled and says why', async () => {
    const draft = makeDraft('post', { asUserId: '42', text: 'a'.repeat(4001) })
    fakeStudio([draft], CONNECTED)
    const enqueue = vi.fn(() => Promise.resolve({ ok: true, value: {} }))
    const status = () => Promise.resolve({ ok: true, value: { job: null } })
    Object.assign(window.studio as object, { outbox: { enqueue, status } })
    await renderEditor(draft, <PostComposer />)
    await waitFor(() => expect(screen.getByText(/over the 4,000-character limit/)).toBeInTheDocument())
    const publish = screen.getByTestId('publish-button')
    expect(publish).toBeDisabled()
    expect(publish).toHaveAccessibleDescription('Fix 1 problem before publishing')
    fireEvent.click(publish)
    expect(enqueue).not.toHaveBeenCalled()
    type('a'.repeat(4000))
    await waitFor(() => expect(screen.getByTestId('publish-button')).toBeEnabled())
  })

  it('offers Standard 4,000 (the default), Long-form 25,000 and an opt-in Classic 280 guideline', async () => {
    const draft = makeDraft('post', { asUserId: '42', text: 'c'.repeat(300) })
    fakeStudio([draft])
    await renderEditor(draft, <PostComposer />)
    await screen.findByTestId('post-counter-number')
    expect(screen.getByTestId('post-limit-4000').textContent).toBe('Standard 4,000')
    expect(screen.getByTestId('post-limit-25000').textContent).toBe('Long-form 25,000')
    expect(screen.getByTestId('post-limit-280').textContent).toBe('Classic guideline 280')
    expect(counterNumber()).toBe('3,700')
    fireEvent.click(screen.getByTestId('post-limit-280'))
    // A guideline warns; the standard tier still takes the post.
    await waitFor(() => expect(screen.getByText(/over your Classic 280 guideline/)).toBeInTheDocument())
    expect(screen.getByTestId('publish-button')).toBeEnabled()
  })

  it('a new draft shows no errors until a field is touched, and every one on "Show problems"', async () => {
    const draft = makeDraft('post')
    fakeStudio([draft])
    await renderEditor(draft, <PostComposer />)
    await screen.findByTestId('post-counter-number')
    expect(screen.queryByText('Write the post text, or add media')).toBeNull()
    const publish = screen.getByTestId('publish-button')
    expect(publish).toBeDisabled()
    expect(publish.getAttribute('title')).toMatch(/^Fix \d+ problems? before publishing$/)

    // Leaving a field shows what is wrong with that field only.
    fireEvent.blur(textArea())
    await waitFor(() => expect(screen.getByText('Write the post text, or add media')).toBeInTheDocument())
    expect(screen.queryByText('Choose the advertiser this post is made for')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Show problems' }))
    await waitFor(() =>
      expect(screen.getByText('Choose the advertiser this post is made for')).toBeInTheDocument(),
    )
    // Focus lands on the first problem's field, not on the page.
    expect(document.activeElement).toHaveAttribute('aria-invalid', 'true')
  })

  it('follows the chosen post length limit', async () => {
    const draft = makeDraft('post', { text: 'b'.repeat(LIMITS.postLength.standard.value + 5) })
    fakeStudio([draft])
    await renderEditor(draft, <PostComposer />)
    await screen.findByTestId('post-counter-number')
    expect(counterState()).toBe('over')
    fireEvent.click(screen.getByTestId(`post-limit-${LIMITS.postLength.longForm.value}`))
    await waitFor(() => expect(counterState()).toBe('ok'))
    expect(counterNumber()).toBe(
      (LIMITS.postLength.longForm.value - LIMITS.postLength.standard.value - 5).toLocaleString('en-US'),
    )
    expect(screen.queryByTestId('post-overflow')).toBeNull()
  })

  it('takes up to 4 images, then no more', async () => {
    const draft = makeDraft('post')
    const calls = fakeStudio([draft])
    await renderEditor(draft, <PostComposer />)
    for (let index = 0; index < LIMITS.post.maxImages.value; index += 1) {
      pickQueue.push(image(`3_${index}`))
      fireEvent.click(screen.getByRole('button', { name: 'Pick Add media' }))
    }
    expect(screen.getAllByTestId('post-media-item')).toHaveLength(LIMITS.post.maxImages.value)
    expect(screen.queryByRole('button', { name: 'Pick Add media' })).toBeNull()
    expect(screen.getByTestId('post-media-full').textContent).toMatch(/at most 4 images/)
    expect(lastSavedContent<'post'>(calls)?.media).toHaveLength(LIMITS.post.maxImages.value)
  })

  it('refuses a video next to images, and takes nothing after a GIF', async () => {
    const draft = makeDraft('post')
    fakeStudio([draft])
    await renderEditor(draft, <PostComposer />)
    pickQueue.push(image('3_image'), video('3_video'))
    fireEvent.click(screen.getByRole('button', { name: 'Pick Add media' }))
    fireEvent.click(screen.getByRole('button', { name: 'Pick Add media' }))
    expect(screen.getAllByTestId('post-media-item')).toHaveLength(1)
    expect(screen.getByTestId('post-media-refusal').textContent).toMatch(/only medium/)

    fireEvent.click(screen.getByRole('button', { name: 'Remove medium 1' }))
    pickQueue.push(gif('3_gif'))
    fireEvent.click(screen.getByRole('button', { name: 'Pick Add media' }))
    expect(screen.getAllByTestId('post-media-item')).toHaveLength(1)
    expect(screen.getByTestId('post-media-full').textContent).toMatch(/has a GIF/)
  })

  it('shows video title, description and call to action once the post has a video', async () => {
    const draft = makeDraft('post')
    fakeStudio([draft])
    await renderEditor(draft, <PostComposer />)
    expect(screen.queryByLabelText('Video title')).toBeNull()
    pickQueue.push(video('3_video'))
    fireEvent.click(screen.getByRole('button', { name: 'Pick Add media' }))
    fireEvent.change(screen.getByLabelText('Call to action'), { target: { value: 'WATCH_NOW' } })
    fireEvent.blur(screen.getByLabelText('Call to action value'))
    await waitFor(() =>
      expect(screen.getByText(/Add the value for the video call to action/)).toBeInTheDocument(),
    )
  })

  it('allows organic posts only for the connected user', async () => {
    const draft = makeDraft('post', { asUserId: '42', text: 'Hello' })
    fakeStudio([draft], CONNECTED)
    await renderEditor(draft, <PostComposer />)
    const nullcast = screen.getByTestId('post-nullcast')
    expect(nullcast.getAttribute('data-state')).toBe('checked')
    // Promoted-only is an ad: the preview says so by the author, where the card preview does.
    await waitFor(() => expect(screen.getByTestId('post-preview-handle').textContent).toMatch(/ · Promoted$/))
    fireEvent.click(nullcast)
    expect(nullcast.getAttribute('data-state')).toBe('unchecked')
    await waitFor(() => expect(screen.getByTestId('post-preview-handle').textContent).not.toMatch(/Promoted/))
    const organicError = /Only the connected user can post organically/
    await act(async () => {})
    expect(screen.queryByText(organicError)).toBeNull()

    fireEvent.change(screen.getByTestId('post-advertiser'), { target: { value: '43' } })
    await waitFor(() => expect(screen.getByText(organicError)).toBeInTheDocument())
    expect(screen.getByText(organicError).className).toBe('field__error')

    fireEvent.click(nullcast)
    await waitFor(() => expect(screen.queryByText(organicError)).toBeNull())
  })

  it('attaches a card draft or a published card_uri', async () => {
    const poll = makeDraft('poll_card')
    poll.name = 'Spring poll'
    const draft = makeDraft('post', { text: 'Vote!' })
    const calls = fakeStudio([draft, poll])
    await renderEditor(draft, <PostComposer />)
    fireEvent.click(screen.getByTestId('card-mode-draft'))
    const select = await screen.findByLabelText('Card draft')
    await waitFor(() => expect(within(select).getByText('Poll · Spring poll')).toBeInTheDocument())
    fireEvent.change(select, { target: { value: poll.id } })
    expect(lastSavedContent<'post'>(calls)?.card).toEqual({ source: 'draft', draftId: poll.id })

    fireEvent.click(screen.getByTestId('card-mode-published'))
    fireEvent.change(screen.getByLabelText('Card URI'), { target: { value: 'not-a-card' } })
    await waitFor(() => expect(screen.getByText(/is not a card URI/)).toBeInTheDocument())
    fireEvent.change(screen.getByLabelText('Card URI'), { target: { value: 'card://123' } })
    expect(lastSavedContent<'post'>(calls)?.card).toEqual({ source: 'published', cardUri: 'card://123' })
    await waitFor(() => expect(screen.queryByText(/is not a card URI/)).toBeNull())
  })

  it('attaches a published card by its name; the card URI is only under Advanced', async () => {
    const draft = makeDraft('post', { text: 'Vote!' })
    const profiles: ProfileList = {
      ...CONNECTED,
      profiles: [{ ...CONNECTED.profiles[0]!, activeAccountId: 'acc1' }],
    }
    const calls = fakeStudio([draft], profiles)
    // The app shell loads the profiles at start; the editor reads them from the store.
    useConnectStore.setState({ list: profiles, loaded: true })
    const cards = vi.fn(() =>
      Promise.resolve({
        ok: true,
        value: {
          cards: [{ id: '9', kind: 'poll', name: 'Spring poll', cardUri: 'card://9999' }],
          nextCursors: {},
        },
      }),
    )
    Object.assign(window.studio as object, { library: { cards } })
    await renderEditor(draft, <PostComposer />)
    fireEvent.click(screen.getByTestId('card-mode-published'))
    const choice = await screen.findByLabelText('Card from this ad account')
    await waitFor(() => expect(within(choice).getByText('Poll · Spring poll')).toBeInTheDocument())
    expect(screen.getByLabelText('Card URI')).not.toBeVisible()
    fireEvent.change(choice, { target: { value: 'card://9999' } })
    expect(lastSavedContent<'post'>(calls)?.card).toEqual({ source: 'published', cardUri: 'card://9999' })
    expect(cards).toHaveBeenCalledWith(expect.objectContaining({ accountId: 'acc1' }))
  })
})
