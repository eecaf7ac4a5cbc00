// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PostComposer } from '../../../../src/renderer/features/composer/PostComposer'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'
import { VideoConversationEditor } from '../../../../src/renderer/features/video-conversations/VideoConversationEditor'
import type { Draft } from '../../../../src/shared/drafts/envelope'
import type { OutboxJobView } from '../../../../src/shared/ipc/contracts/outbox'
import type { ProfileSummary } from '../../../../src/shared/profiles'
import { cardDraft, installStudio, renderBuilder } from '../../features/cards/builderHarness'
import { fakeStudio, makeDraft, NOW, renderEditor } from './editorHarness'

vi.mock('../../../../src/renderer/kits/editor/MediaSlot', () => import('./mediaSlotStub'))

/**
 * Issue 9, "Published means read-only": a published creative offers exactly the edit its update
 * allows, in a dialog (Enter sends, Escape cancels); main's refusal lands on the field; the queued
 * job is shown, and once done the editor shows the draft as main now has it.
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

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })

function job(title: string, state: OutboxJobView['state']): OutboxJobView {
  return {
    id: 'job-1',
    type: 'operation',
    title,
    area: 'published',
    profileId: PROFILE.id,
    accountId: 'acc1',
    state,
    steps: [{ kind: 'operation', label: title, status: state === 'done' ? 'done' : 'pending' }],
    stepsDone: state === 'done' ? 1 : 0,
    created: { mediaKeys: [] },
    createdAt: NOW,
    updatedAt: NOW,
  }
}

/** Adds the published-edit channels and outbox.get to the fake window.studio. */
function withPublishedChannels(answer: (request: unknown) => unknown, after: Draft) {
  const studio = window.studio as unknown as Record<string, Record<string, unknown>>
  const send = vi.fn((request: unknown) => Promise.resolve(answer(request)))
  studio.published = {
    ...studio.published,
    renamePost: send,
    updateCard: send,
    updateVideoConversationCard: send,
  }
  studio.outbox = { get: vi.fn(() => ok({ job: job('Rename the post to “Spring launch”', 'done') })) }
  // Issue 42: opening a card's edit records its base; "Keep for later" keeps it as a change.
  studio.changes = {
    begin: vi.fn(() => ok({ state: 'unchanged' })),
    keep: vi.fn(() => ok({})),
  }
  // Once the job is done the editor reads the draft again: main has stored the new values.
  studio.drafts!.get = vi.fn(() => ok(after))
  return send
}

beforeEach(() => {
  useConnectStore.setState({ list: { profiles: [PROFILE], activeProfileId: PROFILE.id } })
})
afterEach(cleanup)

describe('editing a published post', () => {
  it('opens exactly the name, submits it (Enter in the E2E), shows the queued job, then the new name', async () => {
    const draft = makeDraft('post', { text: 'Live now', asUserId: '42', name: 'Launch' }, 'published')
    const renamed = {
      ...draft,
      name: 'Spring launch',
      content: { ...(draft.content as object), name: 'Spring launch' },
    }
    fakeStudio([draft], { profiles: [PROFILE], activeProfileId: PROFILE.id })
    await renderEditor(draft, <PostComposer />)
    const send = withPublishedChannels(
      () => ok({ job: job('Rename the post to “Spring launch”', 'queued') }),
      draft,
    )
    // After the first read (the editor's own), drafts.get answers with the renamed draft.
    ;(window.studio.drafts.get as ReturnType<typeof vi.fn>).mockImplementation(() => ok(renamed))

    fireEvent.click(screen.getByRole('button', { name: 'Edit name' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit the post’s name' })
    const inputs = within(dialog).getAllByRole('textbox')
    expect(inputs).toHaveLength(1)
    const name = within(dialog).getByLabelText('Post name')
    expect(name).toHaveValue('Launch')
    fireEvent.change(name, { target: { value: 'Spring launch' } })
    fireEvent.submit(name.closest('form')!)

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(send).toHaveBeenCalledTimes(1)
    expect(send).toHaveBeenCalledWith({ profileId: PROFILE.id, draftId: draft.id, name: 'Spring launch' })
    const report = await screen.findByTestId('job-report')
    expect(report).toHaveTextContent('Rename the post to “Spring launch”')
    await waitFor(() => expect(screen.getByLabelText('Post name (optional)')).toHaveValue('Spring launch'), {
      timeout: 3_000,
    })
    // The rest stays read-only.
    expect(screen.getByTestId('post-text')).toBeDisabled()
  })

  it('puts main’s refusal on the field and keeps the dialog open; Escape closes it without sending', async () => {
    const draft = makeDraft('post', { text: 'Live now', asUserId: '42', name: 'Launch' }, 'published')
    fakeStudio([draft], { profiles: [PROFILE], activeProfileId: PROFILE.id })
    await renderEditor(draft, <PostComposer />)
    const message = 'The post name is 3 characters over the limit of 80'
    const send = withPublishedChannels(
      () => ({
        ok: false,
        error: { code: 'invalid_input', message, field: 'name', issues: [{ field: 'name', message }] },
      }),
      draft,
    )

    fireEvent.click(screen.getByRole('button', { name: 'Edit name' }))
    const dialog = await screen.findByRole('dialog')
    const name = within(dialog).getByLabelText('Post name')
    fireEvent.change(name, { target: { value: 'n'.repeat(83) } })
    fireEvent.submit(name.closest('form')!)
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'))
    expect(within(dialog).getByText(message)).toBeInTheDocument()
    expect(name.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    expect(send).toHaveBeenCalledTimes(1)
    // Once the value changes, main's answer about the old one goes away.
    fireEvent.change(name, { target: { value: 'Spring' } })
    expect(name).not.toHaveAttribute('aria-invalid')
    expect(within(dialog).queryByText(message)).toBeNull()

    fireEvent.keyDown(name, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(send).toHaveBeenCalledTimes(1)
    expect(screen.queryByTestId('job-report')).toBeNull()
  })

  it('has no Send until something changed', async () => {
    const draft = makeDraft('post', { text: 'Live now', asUserId: '42', name: 'Launch' }, 'published')
    fakeStudio([draft], { profiles: [PROFILE], activeProfileId: PROFILE.id })
    await renderEditor(draft, <PostComposer />)
    withPublishedChannels(() => ok({ job: job('x', 'queued') }), draft)
    fireEvent.click(screen.getByRole('button', { name: 'Edit name' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('button', { name: 'Send update' })).toBeDisabled()
  })
})

describe('editing a published card', () => {
  it('offers the name, headline and website, never the media, and sends the edited content', async () => {
    const draft: Draft = {
      ...cardDraft({
        name: 'Spring card',
        components: [
          { id: 'm', type: 'MEDIA', media: null },
          {
            id: 'd',
            type: 'DETAILS',
            title: 'Shop now',
            destination: { type: 'WEBSITE', url: 'https://example.com' },
          },
        ],
      }),
      status: 'published',
    }
    installStudio(draft)
    await renderBuilder(draft)
    const send = withPublishedChannels(
      () => ok({ job: job('Update the card “Spring card”', 'queued') }),
      draft,
    )

    fireEvent.click(screen.getByRole('button', { name: 'Edit card' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit the card' })
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('name')),
    ).toEqual(['name', 'components.1.title', 'components.1.destination.url'])
    const changes = (window.studio as unknown as Record<string, Record<string, ReturnType<typeof vi.fn>>>)
      .changes!
    await waitFor(() =>
      expect(changes.begin).toHaveBeenCalledWith({ profileId: PROFILE.id, draftId: draft.id }),
    )
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Shop the range' } })
    await act(async () => {
      fireEvent.submit(within(dialog).getByLabelText('Title').closest('form')!)
    })
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1))
    const request = send.mock.calls[0]![0] as { draftId: string; content: { components: unknown[] } }
    expect(request.draftId).toBe(draft.id)
    expect(request.content.components).toEqual([
      (draft.content as { components: unknown[] }).components[0],
      {
        id: 'd',
        type: 'DETAILS',
        title: 'Shop the range',
        destination: { type: 'WEBSITE', url: 'https://example.com' },
      },
    ])
  })

  it('keeps the edit for later as a pending change, sending nothing', async () => {
    const draft: Draft = { ...cardDraft({ name: 'Later card' }), status: 'published' }
    installStudio(draft)
    await renderBuilder(draft)
    const send = withPublishedChannels(() => ok({ job: job('x', 'queued') }), draft)
    fireEvent.click(screen.getByRole('button', { name: 'Edit card' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit the card' })
    const keepButton = within(dialog).getByRole('button', { name: 'Keep for later' })
    expect(keepButton).toBeDisabled()
    fireEvent.change(within(dialog).getByLabelText('Card name'), { target: { value: 'Later card, renamed' } })
    await act(async () => {
      fireEvent.click(keepButton)
    })
    const changes = (window.studio as unknown as Record<string, Record<string, ReturnType<typeof vi.fn>>>)
      .changes!
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(changes.keep).toHaveBeenCalledTimes(1)
    const kept = changes.keep!.mock.calls[0]![0] as { draftId: string; card: { name: string } }
    expect(kept.draftId).toBe(draft.id)
    expect(kept.card.name).toBe('Later card, renamed')
    expect(send).not.toHaveBeenCalled()
  })
})

describe('editing a published app card', () => {
  const destination = {
    type: 'APP' as const,
    countryCode: 'US',
    androidStoreAppId: 'com.example.app',
    iosAppStoreIdentifier: '333903271',
    androidStoreDeepLink: '',
    iosDeepLink: '',
  }
  const appCard: Draft = {
    ...cardDraft({
      name: 'App card',
      components: [
        { id: 'm', type: 'MEDIA', media: null },
        { id: 'b', type: 'BUTTON', label: 'INSTALL', destination },
      ],
    }),
    status: 'published',
  }

  /** The app card in its builder, main answering its update with `answer`; the dialog opened. */
  async function openAppCardEdit(answer: (request: unknown) => unknown) {
    // The builder's app destination reads the account's registered apps; this account has none.
    installStudio(appCard, { accounts: { apps: () => ok({ apps: [] }) } })
    await renderBuilder(appCard)
    const send = withPublishedChannels(answer, appCard)
    fireEvent.click(screen.getByRole('button', { name: 'Edit card' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit the card' })
    // Nothing is sent until something changed.
    fireEvent.change(within(dialog).getByLabelText('iOS deep link'), { target: { value: 'example://open' } })
    const submit = () =>
      act(async () => {
        fireEvent.submit(within(dialog).getByLabelText('iOS deep link').closest('form')!)
      })
    return { dialog, send, submit }
  }

  it('offers the button label among the spec values and the app links, and sends them in the components', async () => {
    const { dialog, send, submit } = await openAppCardEdit(() =>
      ok({ job: job('Update the card “App card”', 'queued') }),
    )
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('name')),
    ).toEqual([
      'name',
      'components.1.destination.iosAppStoreIdentifier',
      'components.1.destination.androidStoreAppId',
      'components.1.destination.iosDeepLink',
      'components.1.destination.androidStoreDeepLink',
      'components.1.destination.countryCode',
    ])
    expect(within(dialog).getByRole('combobox', { name: /^Button label/ })).toHaveTextContent('Install')
    await submit()
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1))
    const request = send.mock.calls[0]![0] as { content: { components: unknown[] } }
    expect(request.content.components[1]).toEqual({
      id: 'b',
      type: 'BUTTON',
      label: 'INSTALL',
      destination: { ...destination, iosDeepLink: 'example://open' },
    })
  })

  it('puts a refused button label on its choice, which names the message as its description', async () => {
    const message = 'An app card’s button says Install, Open or Play'
    const { dialog, submit } = await openAppCardEdit(() => ({
      ok: false,
      error: {
        code: 'invalid_input',
        message,
        field: 'components.1.label',
        issues: [{ field: 'components.1.label', message }],
      },
    }))
    const choice = within(dialog).getByRole('combobox', { name: /^Button label/ })
    expect(choice).not.toHaveAttribute('aria-invalid', 'true')
    await submit()
    await waitFor(() => expect(choice).toHaveAttribute('aria-invalid', 'true'))
    expect(choice).toHaveAccessibleDescription(message)
  })
})

describe('editing a published video conversation card', () => {
  it('offers its text fields and puts a refused thank-you text on its field', async () => {
    const draft = makeDraft(
      'video_conversation_card',
      { name: 'Pick a side', title: 'Vote', thankYouText: 'Thanks' },
      'published',
    )
    fakeStudio([draft], { profiles: [PROFILE], activeProfileId: PROFILE.id })
    await renderEditor(draft, <VideoConversationEditor />)
    const message = 'The thank-you text is 6 characters over the limit of 23'
    const send = withPublishedChannels(
      () => ({
        ok: false,
        error: {
          code: 'invalid_input',
          message,
          field: 'thankYouText',
          issues: [{ field: 'thankYouText', message }],
        },
      }),
      draft,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Edit card' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit the video conversation card' })
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((input) => input.getAttribute('name')),
    ).toEqual(['name', 'title', 'thankYouText', 'thankYouUrl'])
    const thanks = within(dialog).getByLabelText('Thank-you text')
    fireEvent.change(thanks, { target: { value: 'Thank you so much for voting' } })
    fireEvent.submit(thanks.closest('form')!)
    await waitFor(() => expect(thanks).toHaveAttribute('aria-invalid', 'true'))
    expect(within(dialog).getByText(message)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Card name')).not.toHaveAttribute('aria-invalid')
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        draftId: draft.id,
        content: expect.objectContaining({
          thankYouText: 'Thank you so much for voting',
          name: 'Pick a side',
        }),
      }),
    )
  })
})
