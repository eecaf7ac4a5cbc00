// Renders one editor inside DraftEditorProvider against a fake window.studio that records
// every call; media slots are replaced by a stub that adds whatever the test queues.

import { act, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import type { ContentByKind, DraftKind } from '../../../../src/shared/creatives/content'
import { emptyContent } from '../../../../src/shared/creatives/content'
import type { Draft, DraftStatus } from '../../../../src/shared/drafts/envelope'
import { CURRENT_DRAFT_SCHEMA_VERSION } from '../../../../src/shared/drafts/envelope'
import type { ProfileList } from '../../../../src/shared/profiles'
import { DraftEditorProvider } from '../../../../src/renderer/state/drafts/draftEditor'

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })

export const NOW = '2025-01-01T00:00:00.000Z'

export function makeDraft<K extends DraftKind>(
  kind: K,
  content: Partial<ContentByKind[K]> = {},
  status: DraftStatus = 'draft',
): Draft & { kind: K } {
  return {
    id: crypto.randomUUID(),
    kind,
    name: `Untitled ${kind}`,
    createdAt: NOW,
    updatedAt: NOW,
    schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
    status,
    content: { ...emptyContent(kind), ...content },
  }
}

export function fakeStudio(drafts: Draft[], profiles: ProfileList = { profiles: [], activeProfileId: null }) {
  const calls = {
    update: vi.fn((_request: { id: string; content?: unknown; name?: string }) =>
      ok({ updatedAt: NOW, errorCount: 0 }),
    ),
    duplicate: vi.fn((request: { id: string }) => {
      const original = drafts.find((draft) => draft.id === request.id)!
      const copy = {
        ...original,
        id: crypto.randomUUID(),
        status: 'draft' as const,
        name: `${original.name} (copy)`,
      }
      drafts.push(copy)
      return ok(copy)
    }),
  }
  const summaries = () =>
    drafts.map(({ content: _content, schemaVersion: _version, ...summary }) => ({
      ...summary,
      errorCount: 0,
      warningCount: 0,
    }))
  let settings = { theme: 'system' as const, postLengthLimits: {} as Record<string, number> }
  const studio = {
    settings: {
      get: () => ok(settings),
      update: (patch: Partial<typeof settings>) => {
        settings = { ...settings, ...patch }
        return ok(settings)
      },
    },
    drafts: {
      get: ({ id }: { id: string }) => ok(drafts.find((draft) => draft.id === id)!),
      update: calls.update,
      list: () => ok({ drafts: summaries(), trash: [], quarantined: [] }),
      duplicate: calls.duplicate,
    },
    profiles: { list: () => ok(profiles) },
    // A published card as the platform has it: still there, nothing changed elsewhere.
    published: { cardState: () => ok({ state: 'live', readAt: NOW, cardId: '1', changes: [] }) },
  }
  Object.defineProperty(window, 'studio', { value: studio, configurable: true })
  return calls
}

export async function renderEditor(draft: Draft, editor: ReactNode) {
  const view = render(
    <DraftEditorProvider draftId={draft.id} kind={draft.kind} fallback={() => <p>Opening…</p>}>
      {editor}
    </DraftEditorProvider>,
  )
  await screen.findByTestId('save-status')
  // The editor appears when the draft arrives, outside act(); let React run the mount effects
  // (the store subscriptions among them) before the test starts typing, as a person would.
  await act(async () => {})
  return view
}

/**
 * The content the editor last sent to drafts.update. Typing is sent after the key's frame, or
 * as soon as the window loses focus: this blurs the window first, so what was typed has been
 * sent (jsdom paints no frames).
 */
export function lastSavedContent<K extends DraftKind>(
  calls: ReturnType<typeof fakeStudio>,
): ContentByKind[K] | undefined {
  act(() => void window.dispatchEvent(new Event('blur')))
  const withContent = calls.update.mock.calls
    .map(([request]) => request)
    .filter((request) => request.content !== undefined)
  return withContent.at(-1)?.content as ContentByKind[K] | undefined
}
