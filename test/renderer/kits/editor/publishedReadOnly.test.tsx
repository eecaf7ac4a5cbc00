// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PostComposer } from '../../../../src/renderer/features/composer/PostComposer'
import { VideoConversationEditor } from '../../../../src/renderer/features/video-conversations/VideoConversationEditor'
import { cardDraft, installStudio, renderBuilder } from '../../features/cards/builderHarness'
import { fakeStudio, makeDraft, renderEditor } from './editorHarness'

vi.mock('../../../../src/renderer/kits/editor/MediaSlot', () => import('./mediaSlotStub'))

afterEach(cleanup)

/** Issue 9: a published creative opens read-only with "Duplicate as new draft", as the poll editor does. */
describe('published creatives open read-only', () => {
  it('a published post: fields disabled, nothing saved, duplicate opens a new draft', async () => {
    const draft = makeDraft('post', { text: 'Live now', asUserId: '42', name: 'Launch' }, 'published')
    const calls = fakeStudio([draft])
    await renderEditor(draft, <PostComposer />)
    expect(screen.getByTestId('published-banner')).toHaveTextContent('This post is published.')
    expect(screen.getByTestId('issue-summary')).toHaveTextContent('Published — read-only')
    expect(screen.getByTestId('post-text')).toBeDisabled()
    expect(screen.getByLabelText('Post name (optional)')).toBeDisabled()
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate as new draft' }))
    await waitFor(() => expect(calls.duplicate).toHaveBeenCalledWith({ id: draft.id }))
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/composer\/[0-9a-f-]{36}$/))
    expect(window.location.hash).not.toContain(draft.id)
    expect(calls.update).not.toHaveBeenCalled()
  })

  it('a draft post stays editable, without the banner', async () => {
    const draft = makeDraft('post', { text: 'Not yet', asUserId: '42' })
    fakeStudio([draft])
    await renderEditor(draft, <PostComposer />)
    expect(screen.queryByTestId('published-banner')).toBeNull()
    expect(screen.getByTestId('post-text')).toBeEnabled()
  })

  it('a published video conversation card is read-only', async () => {
    const draft = makeDraft('video_conversation_card', { name: 'Pick a side' }, 'published')
    const calls = fakeStudio([draft])
    await renderEditor(draft, <VideoConversationEditor />)
    expect(screen.getByTestId('published-banner')).toHaveTextContent(
      'This video conversation card is published.',
    )
    expect(screen.getByLabelText('Card name')).toBeDisabled()
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate as new draft' }))
    await waitFor(() => expect(calls.duplicate).toHaveBeenCalledWith({ id: draft.id }))
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/video-conversations\/[0-9a-f-]{36}$/))
  })

  it('a published card is read-only', async () => {
    const draft = { ...cardDraft({ name: 'Spring card' }), status: 'published' as const }
    installStudio(draft)
    await renderBuilder(draft)
    expect(screen.getByTestId('published-banner')).toHaveTextContent('This card is published.')
    expect(screen.getByTestId('issue-summary')).toHaveTextContent('Published — read-only')
    expect(screen.getByLabelText('Card name')).toBeDisabled()
    expect(screen.getByRole('group', { name: 'Card' })).toBeDisabled()
  })
})
