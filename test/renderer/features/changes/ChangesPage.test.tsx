// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ROUTES } from '../../../../src/renderer/app/routes'
import ChangesPage from '../../../../src/renderer/features/changes/ChangesPage'
import { useChangesStore } from '../../../../src/renderer/state/changes/changesStore'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'
import type { PendingChangeView } from '../../../../src/shared/ipc/contracts/changes'
import { emptyVideoConversationCardContent } from '../../../../src/shared/creatives/videoConversationCard'

/** Check and post changes (issue 42): each pending edit field by field, a conflict in three columns. */

const PROFILE = {
  id: '6f1c1f0e-2a4b-4c3d-8e9f-0a1b2c3d4e5f',
  name: 'Main',
  status: 'connected',
  activeAccountId: 'acc1',
} as never

const view = (overrides: Partial<PendingChangeView>): PendingChangeView => ({
  draftId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  accountId: 'acc1',
  kind: 'video_conversation_card',
  objectId: 'c1',
  name: 'Red or blue',
  state: 'local',
  baseUpdatedAt: '2026-12-01T00:00:00Z',
  baseReadAt: '2026-12-01T00:00:01Z',
  fields: [{ path: 'title', label: 'Title', base: 'Pick a side', mine: 'Choose a side', conflict: false }],
  issues: [],
  content: emptyVideoConversationCardContent(),
  ...overrides,
})

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })

function install(changes: PendingChangeView[]) {
  const calls = {
    resolve: vi.fn(() => ok(changes[0])),
    post: vi.fn(() => ok({ jobIds: ['j1'], skipped: [] })),
  }
  const studio = {
    on: () => () => undefined,
    changes: {
      list: () => ok({ changes }),
      resolve: calls.resolve,
      post: calls.post,
      discard: vi.fn(() => ok({ ok: true })),
    },
    profiles: { list: () => ok({ profiles: [PROFILE], activeProfileId: (PROFILE as { id: string }).id }) },
  }
  Object.defineProperty(window, 'studio', { value: studio, configurable: true })
  return calls
}

const route = ROUTES.find((entry) => entry.id === 'changes')!

beforeEach(() => {
  useChangesStore.setState({ scope: null, changes: [], loaded: false, error: null })
  useConnectStore.setState({
    list: { profiles: [PROFILE], activeProfileId: (PROFILE as { id: string }).id },
  } as never)
})
afterEach(cleanup)

describe('Changes', () => {
  it('lists a pending change field by field and posts it', async () => {
    const calls = install([view({})])
    render(<ChangesPage route={route} draftId={null} />)
    const item = await screen.findByTestId('change-item')
    expect(within(item).getByTestId('change-state')).toHaveTextContent('Changed here')
    const row = within(within(item).getByTestId('change-fields')).getByRole('row', { name: /Title/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Pick a side', '', 'Choose a side'])
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Post changes (1)' }))
    })
    expect(calls.post).toHaveBeenCalledWith({ profileId: (PROFILE as { id: string }).id, accountId: 'acc1' })
  })

  it('shows a conflict as base, platform now and yours, and applies the designer’s choice', async () => {
    const calls = install([
      view({
        state: 'conflict',
        fields: [
          {
            path: 'title',
            label: 'Title',
            base: 'Pick a side',
            theirs: 'Pick one',
            mine: 'Choose',
            conflict: true,
          },
          { path: 'name', label: 'Card name', base: 'A', mine: 'B', conflict: false },
        ],
      }),
    ])
    render(<ChangesPage route={route} draftId={null} />)
    const table = await screen.findByTestId('conflict-table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Field', 'Base', 'Platform now', 'Yours', 'Keep'])
    const apply = screen.getByRole('button', { name: 'Apply choices' })
    expect(apply).toBeDisabled()
    // Nothing in conflict is posted.
    expect(screen.getByRole('button', { name: /^Post changes/ })).toBeDisabled()
    const title = within(table).getByRole('row', { name: /Title/ })
    fireEvent.click(within(title).getByRole('radio', { name: 'Take theirs' }))
    await waitFor(() => expect(apply).toBeEnabled())
    await act(async () => {
      fireEvent.click(apply)
    })
    expect(calls.resolve).toHaveBeenCalledWith({
      profileId: (PROFILE as { id: string }).id,
      draftId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      choices: { title: 'theirs' },
    })
  })
})
