// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LIMITS } from '../../../../src/shared/rules/limits'
import { toHashtag } from '../../../../src/shared/creatives/videoConversationCard'
import { VideoConversationEditor } from '../../../../src/renderer/features/video-conversations/VideoConversationEditor'
import { fakeStudio, lastSavedContent, makeDraft, renderEditor } from '../../kits/editor/editorHarness'
import { image, pickQueue, video } from '../../kits/editor/mediaSlotStub'

vi.mock('../../../../src/renderer/kits/editor/MediaSlot', () => import('../../kits/editor/mediaSlotStub'))

afterEach(cleanup)

const RULES = LIMITS.videoConversationCard
const hashtag = (n: number) => screen.getByTestId(`vc-hashtag-${n}`) as HTMLInputElement
const post = (n: number) => screen.getByTestId(`vc-post-${n}`) as HTMLTextAreaElement
const fieldOf = (element: HTMLElement) => element.closest('.field') as HTMLElement
const TITLE_OR_SECOND = /Add a title, or a second option/

describe('the video conversation card editor', () => {
  it('needs a title or a second option', async () => {
    const draft = makeDraft('video_conversation_card')
    fakeStudio([draft])
    await renderEditor(draft, <VideoConversationEditor />)
    fireEvent.blur(screen.getByTestId('vc-title'))
    await waitFor(() => expect(screen.getByText(TITLE_OR_SECOND)).toBeInTheDocument())

    fireEvent.click(screen.getByRole('button', { name: 'Add option' }))
    fireEvent.change(hashtag(2), { target: { value: 'Second' } })
    fireEvent.change(post(2), { target: { value: 'I pick the second' } })
    await waitFor(() => expect(screen.queryByText(TITLE_OR_SECOND)).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: 'Remove the second option' }))
    await waitFor(() => expect(screen.getByText(TITLE_OR_SECOND)).toBeInTheDocument())
    fireEvent.change(screen.getByTestId('vc-title'), { target: { value: 'Pick one' } })
    await waitFor(() => expect(screen.queryByText(TITLE_OR_SECOND)).toBeNull())
  })

  it('pairs each option post with its hashtag', async () => {
    const draft = makeDraft('video_conversation_card', { title: 'Pick one' })
    fakeStudio([draft])
    await renderEditor(draft, <VideoConversationEditor />)
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }))
    // A post without its hashtag: the hashtag is reported once it has been visited.
    fireEvent.change(post(2), { target: { value: 'A post with no hashtag' } })
    fireEvent.blur(hashtag(2))
    await waitFor(() =>
      expect(within(fieldOf(hashtag(2))).getByTestId('field-message').dataset.severity).toBe('error'),
    )
    // A hashtag without its post: reported once the post field has been visited.
    fireEvent.change(post(2), { target: { value: '' } })
    fireEvent.change(hashtag(2), { target: { value: 'Second' } })
    fireEvent.blur(post(2))
    await waitFor(() =>
      expect(within(fieldOf(post(2))).getByTestId('field-message').dataset.severity).toBe('error'),
    )
    fireEvent.change(post(2), { target: { value: 'I pick the second' } })
    await waitFor(() => expect(within(fieldOf(post(2))).queryByTestId('field-message')).toBeNull())
  })

  it('shows a fixed # and counts hashtags without it', async () => {
    const draft = makeDraft('video_conversation_card')
    const calls = fakeStudio([draft])
    await renderEditor(draft, <VideoConversationEditor />)
    const field = fieldOf(hashtag(1))
    expect(within(field).getByText('#')).toBeInTheDocument()

    const longest = 'a'.repeat(RULES.cta.max)
    fireEvent.change(hashtag(1), { target: { value: `#${longest}` } })
    expect(hashtag(1).value).toBe(longest)
    expect(within(field).getByTestId('length-counter').textContent).toBe(
      `${RULES.cta.max} / ${RULES.cta.max}`,
    )
    expect(within(field).queryByTestId('field-message')).toBeNull()
    const saved = lastSavedContent<'video_conversation_card'>(calls)
    expect(saved?.options[0]?.hashtag).toBe(longest)
    // What is sent carries the '#': 21 characters in all, 20 by the rule.
    expect(toHashtag(saved?.options[0]?.hashtag ?? '')).toHaveLength(RULES.cta.max + 1)

    fireEvent.change(hashtag(1), { target: { value: `${longest}b` } })
    await waitFor(() =>
      expect(within(field).getByTestId('field-message').textContent).toMatch(/not counting #/),
    )
    expect(hashtag(1)).toHaveAttribute('aria-invalid', 'true')
  })

  it('limits the title and the thank-you text', async () => {
    const draft = makeDraft('video_conversation_card')
    fakeStudio([draft])
    await renderEditor(draft, <VideoConversationEditor />)
    const thanks = screen.getByLabelText('Thank-you text')
    fireEvent.change(thanks, { target: { value: 't'.repeat(RULES.thankYouText.max) } })
    expect(within(fieldOf(thanks)).queryByTestId('field-message')).toBeNull()
    fireEvent.change(thanks, { target: { value: 't'.repeat(RULES.thankYouText.max + 1) } })
    await waitFor(() =>
      expect(within(fieldOf(thanks)).getByTestId('field-message').dataset.severity).toBe('error'),
    )

    const title = screen.getByTestId('vc-title')
    fireEvent.change(title, { target: { value: 'T'.repeat(RULES.title.max + 1) } })
    await waitFor(() =>
      expect(within(fieldOf(title)).getByTestId('field-message').dataset.severity).toBe('error'),
    )
  })

  it('checks the thank-you URL', async () => {
    const draft = makeDraft('video_conversation_card')
    fakeStudio([draft])
    await renderEditor(draft, <VideoConversationEditor />)
    const url = screen.getByLabelText('Thank-you URL (optional)')
    fireEvent.change(url, { target: { value: 'not a url' } })
    await waitFor(() => expect(within(fieldOf(url)).getByTestId('field-message')).toBeInTheDocument())
    fireEvent.change(url, { target: { value: 'https://example.com/thanks' } })
    await waitFor(() => expect(within(fieldOf(url)).queryByTestId('field-message')).toBeNull())
  })

  it('takes up to 4 options', async () => {
    const draft = makeDraft('video_conversation_card')
    fakeStudio([draft])
    await renderEditor(draft, <VideoConversationEditor />)
    const add = screen.getByRole('button', { name: 'Add option' })
    for (let count = 1; count < RULES.ctaCount.max; count += 1) fireEvent.click(add)
    expect(screen.getAllByTestId(/^vc-option-/)).toHaveLength(RULES.ctaCount.max)
    expect(add).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Remove the first option' })).toBeNull()
  })

  it('requires a 16:9 video and keeps poster and unlock media', async () => {
    const draft = makeDraft('video_conversation_card')
    const calls = fakeStudio([draft])
    await renderEditor(draft, <VideoConversationEditor />)
    pickQueue.push({ source: 'library', mediaKey: '3_square', mediaType: 'VIDEO', width: 1080, height: 1080 })
    fireEvent.click(screen.getByRole('button', { name: 'Pick Video (16:9)' }))
    await waitFor(() =>
      expect(within(screen.getByTestId('slot-Video (16:9)')).getByText(/must be 16:9/)).toBeInTheDocument(),
    )

    pickQueue.push(video('3_wide'), image('3_poster'), image('3_unlock'), video('3_unlock_video'))
    fireEvent.click(screen.getByRole('button', { name: 'Pick Video (16:9)' }))
    fireEvent.click(screen.getByRole('button', { name: 'Pick Poster image (optional)' }))
    fireEvent.click(screen.getByRole('button', { name: 'Pick Unlock image' }))
    fireEvent.click(screen.getByRole('button', { name: 'Pick Unlock video' }))
    await waitFor(() =>
      expect(within(screen.getByTestId('slot-Video (16:9)')).queryByText(/must be 16:9/)).toBeNull(),
    )
    expect(lastSavedContent<'video_conversation_card'>(calls)).toMatchObject({
      video: { mediaKey: '3_wide' },
      poster: { mediaKey: '3_poster' },
      unlockedImage: { mediaKey: '3_unlock' },
      unlockedVideo: { mediaKey: '3_unlock_video' },
    })
  })
})
