// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PublishButton } from '../../../../src/renderer/kits/publish/PublishButton'
import {
  createDraftEditorStore,
  DraftEditorProvider,
  reloadDraftFromMain,
  useDraftEditor,
} from '../../../../src/renderer/state/drafts/draftEditor'
import type { PostContent } from '../../../../src/shared/creatives/post'
import type { Draft } from '../../../../src/shared/drafts/envelope'
import { installFakeFrames } from '../../fakeFrames'
import { polyfillRadix } from '../../features/library/fakeStudio'
import { makeDraft } from './editorHarness'

type UpdateRequest = { id: string; content?: PostContent; name?: string }
type Answer = { ok: true; value: { updatedAt: string; errorCount: number } } | { ok: false; error: unknown }

/**
 * window.studio whose drafts.update answers only when the test says so (`answer`), and a log of
 * every call in the order the renderer made it.
 */
function installStudio(draft: Draft) {
  const log: string[] = []
  const waiting: ((answer: Answer) => void)[] = []
  const update = vi.fn((request: UpdateRequest) => {
    log.push(
      `update ${request.content?.text ?? ''}${request.name !== undefined ? ` name=${request.name}` : ''}`,
    )
    return new Promise<Answer>((resolve) => waiting.push(resolve))
  })
  const answer = async (
    result: Answer = { ok: true, value: { updatedAt: draft.updatedAt, errorCount: 0 } },
  ) => {
    await act(async () => {
      for (const resolve of waiting.splice(0)) resolve(result)
    })
  }
  const studio = {
    drafts: {
      update,
      get: vi.fn(() => {
        log.push('get')
        return Promise.resolve({ ok: true as const, value: draft })
      }),
    },
    outbox: {
      status: () => Promise.resolve({ ok: true as const, value: { job: null } }),
      review: vi.fn(() => {
        log.push('review')
        return Promise.resolve({
          ok: false as const,
          error: { code: 'invalid_input', message: 'Stopped here' },
        })
      }),
    },
  }
  Object.defineProperty(window, 'studio', { value: studio, configurable: true })
  return { log, update, answer }
}

const texts = (update: ReturnType<typeof installStudio>['update']) =>
  update.mock.calls.map(([request]) => request.content?.text)

const typeText = (store: ReturnType<typeof createDraftEditorStore<'post'>>, text: string) =>
  store.getState().change((content) => ({ ...content, text }), 'text')

describe('typing is saved after the key’s frame', () => {
  const frames = installFakeFrames()
  /** The browser paints a frame, then runs the tasks queued for after it. */
  const paintFrame = () => {
    frames.runFrame()
    vi.advanceTimersByTime(0)
  }

  it('sends nothing inside the key, then one save per frame with the last text typed in it', async () => {
    const draft = makeDraft('post')
    const { update, answer } = installStudio(draft)
    const store = createDraftEditorStore(draft)
    typeText(store, 'S')
    typeText(store, 'Sp')
    expect(update).not.toHaveBeenCalled()
    // "Saving" from the key on: tools that wait for "saved" never see it before the save is sent.
    expect(store.getState().save.state).toBe('saving')
    paintFrame()
    expect(texts(update)).toEqual(['Sp'])
    await answer()
    expect(store.getState().save.state).toBe('saved')
  })

  it('stays "saving" while typed text waits for its frame, even when the previous save is answered', async () => {
    const draft = makeDraft('post')
    const { update, answer } = installStudio(draft)
    const store = createDraftEditorStore(draft)
    typeText(store, 'S')
    paintFrame()
    typeText(store, 'Sp')
    await answer()
    expect(store.getState().save.state).toBe('saving')
    paintFrame()
    expect(texts(update)).toEqual(['S', 'Sp'])
    await answer()
    expect(store.getState().save.state).toBe('saved')
  })

  it('sends a click (not typing) at once, with the typing before it', () => {
    const draft = makeDraft('post')
    const { update } = installStudio(draft)
    const store = createDraftEditorStore(draft)
    typeText(store, 'Spring')
    const nullcastBefore = store.getState().content.nullcast
    store.getState().change((content) => ({ ...content, nullcast: !content.nullcast }))
    expect(update).toHaveBeenCalledTimes(1)
    expect(update.mock.calls[0]![0].content).toMatchObject({
      text: 'Spring',
      nullcast: !nullcastBefore,
    })
    paintFrame()
    expect(update).toHaveBeenCalledTimes(1)
  })

  it('flush() sends at once and resolves only once main has answered', async () => {
    const draft = makeDraft('post')
    const { update, answer } = installStudio(draft)
    const store = createDraftEditorStore(draft)
    typeText(store, 'Spring')
    let flushed = false
    const flush = store
      .getState()
      .flush()
      .then(() => (flushed = true))
    expect(texts(update)).toEqual(['Spring'])
    await act(async () => {})
    expect(flushed).toBe(false)
    await answer()
    await flush
    expect(flushed).toBe(true)
    // Nothing is sent twice: the frame finds nothing waiting.
    paintFrame()
    expect(update).toHaveBeenCalledTimes(1)
  })

  it('flush() rejects with main’s refusal, so nothing reads a draft main did not take', async () => {
    const draft = makeDraft('post')
    const { answer } = installStudio(draft)
    const store = createDraftEditorStore(draft)
    typeText(store, 'Spring')
    const refused = expect(store.getState().flush()).rejects.toThrow('The disk is full')
    await answer({ ok: false, error: { code: 'io', message: 'The disk is full' } })
    await refused
    expect(store.getState().save).toEqual({ state: 'error', message: 'The disk is full' })
  })

  it('sends typing before reloading the draft from main', async () => {
    const draft = makeDraft('post')
    const { log, answer } = installStudio(draft)
    const store = createDraftEditorStore(draft)
    typeText(store, 'Spring')
    const reload = reloadDraftFromMain(store)
    expect(log).toEqual(['update Spring'])
    await answer()
    await reload
    expect(log).toEqual(['update Spring', 'get'])
  })
})

function Typist() {
  const change = useDraftEditor<
    'post',
    (update: (content: PostContent) => PostContent, key?: string) => void
  >((state) => state.change)
  return (
    <input
      aria-label="Post text"
      onChange={(event) => {
        const text = event.target.value
        change((content) => ({ ...content, text }), 'text')
      }}
    />
  )
}

async function renderEditor(draft: Draft, withPublish = false) {
  const view = render(
    <DraftEditorProvider draftId={draft.id} kind="post" fallback={() => <p>Opening…</p>}>
      <Typist />
      {withPublish ? <PublishButton draftId={draft.id} /> : null}
    </DraftEditorProvider>,
  )
  await screen.findByLabelText('Post text')
  await act(async () => {})
  return view
}

describe('typing waiting for its frame is sent first when the designer leaves', () => {
  beforeEach(polyfillRadix)
  afterEach(cleanup)

  // Each way of leaving, fired right after a key, before any frame is painted.
  const leaves: [string, () => void][] = [
    ['focus leaves the field', () => fireEvent.blur(screen.getByLabelText('Post text'))],
    ['the window loses focus', () => fireEvent.blur(window)],
    ['the window is closed or reloaded', () => fireEvent(window, new Event('beforeunload'))],
    ['the page is hidden away', () => fireEvent(window, new Event('pagehide'))],
  ]
  for (const [when, leave] of leaves) {
    it(`when ${when}`, async () => {
      const draft = makeDraft('post')
      const { update } = installStudio(draft)
      await renderEditor(draft)
      fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Spring sale' } })
      expect(update).not.toHaveBeenCalled()
      leave()
      expect(texts(update)).toEqual(['Spring sale'])
    })
  }

  it('when the window is hidden (minimised: no frame comes)', async () => {
    const draft = makeDraft('post')
    const { update } = installStudio(draft)
    await renderEditor(draft)
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Spring sale' } })
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    fireEvent(document, new Event('visibilitychange'))
    visibility.mockRestore()
    expect(texts(update)).toEqual(['Spring sale'])
  })

  it('when the editor closes (navigation, another draft opened)', async () => {
    const draft = makeDraft('post')
    const { update } = installStudio(draft)
    const { unmount } = await renderEditor(draft)
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Spring sale' } })
    unmount()
    expect(texts(update)).toEqual(['Spring sale'])
  })

  it('before Publish asks main for its review, which waits for main’s answer to the save', async () => {
    const draft = makeDraft('post')
    const { log, answer } = installStudio(draft)
    await renderEditor(draft, true)
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Spring sale' } })
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(log).toEqual(['get', 'update Spring sale']))
    // Main has not answered the save yet: the review is not asked for.
    await act(async () => {})
    expect(log).not.toContain('review')
    await answer()
    await waitFor(() => expect(log).toEqual(['get', 'update Spring sale', 'review']))
    expect(await screen.findByText('Stopped here')).toBeInTheDocument()
  })

  it('Publish does not ask for a review when main refused the save, and says why', async () => {
    const draft = makeDraft('post')
    const { log, answer } = installStudio(draft)
    await renderEditor(draft, true)
    fireEvent.change(screen.getByLabelText('Post text'), { target: { value: 'Spring sale' } })
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }))
    await waitFor(() => expect(log).toContain('update Spring sale'))
    await answer({ ok: false, error: { code: 'io', message: 'The disk is full' } })
    await waitFor(() => expect(screen.getAllByText('The disk is full').length).toBeGreaterThan(0))
    expect(log).not.toContain('review')
  })
})
