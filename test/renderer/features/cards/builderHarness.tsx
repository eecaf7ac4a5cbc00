import { act, render, screen } from '@testing-library/react'
import { vi } from 'vitest'
import type { CardContent } from '../../../../src/shared/creatives/card'
import { emptyCardContent } from '../../../../src/shared/creatives/card'
import type { Draft } from '../../../../src/shared/drafts/envelope'
import { CURRENT_DRAFT_SCHEMA_VERSION } from '../../../../src/shared/drafts/envelope'
import type { StudioApi } from '../../../../src/shared/ipc/api'
import { DraftEditorProvider } from '../../../../src/renderer/state/drafts/draftEditor'
import { CardBuilder } from '../../../../src/renderer/features/cards/CardBuilder'

export function cardDraft(content: Partial<CardContent> = {}): Draft {
  const now = new Date().toISOString()
  return {
    id: globalThis.crypto.randomUUID(),
    kind: 'card',
    name: 'Untitled card',
    createdAt: now,
    updatedAt: now,
    schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
    status: 'draft',
    content: { ...emptyCardContent(), ...content },
  }
}

type Fake = Record<string, Record<string, ReturnType<typeof vi.fn>>>

/** window.studio with the calls the builder makes; every namespace method resolves ok by default. */
export function installStudio(
  draft: Draft,
  overrides: Partial<Record<string, Record<string, (request: never) => unknown>>> = {},
): Fake {
  const ok = (value: unknown) => Promise.resolve({ ok: true, value })
  const fake: Fake = {
    drafts: {
      get: vi.fn(() => ok(draft)),
      update: vi.fn(() => ok({ updatedAt: new Date().toISOString(), errorCount: 0 })),
      list: vi.fn(() => ok({ drafts: [], trash: [], quarantined: [] })),
    },
    media: {
      pickLocal: vi.fn(() => ok({ picked: false })),
      inspectPath: vi.fn(() =>
        Promise.resolve({ ok: false, error: { code: 'invalid_input', message: 'missing' } }),
      ),
    },
  }
  for (const [namespace, methods] of Object.entries(overrides)) {
    for (const [method, implementation] of Object.entries(methods ?? {})) {
      fake[namespace] ??= {}
      fake[namespace][method] = vi.fn(implementation as (request: never) => unknown)
    }
  }
  Object.defineProperty(window, 'studio', { value: fake as unknown as StudioApi, configurable: true })
  return fake
}

/**
 * The content of the last autosave the builder sent to main. Typing is sent after the key's
 * frame, or as soon as the window loses focus: this blurs the window first, so what was typed
 * has been sent (jsdom paints no frames).
 */
export function lastSaved(fake: Fake): CardContent {
  act(() => void window.dispatchEvent(new Event('blur')))
  const calls = fake.drafts!.update!.mock.calls as [{ content?: CardContent }][]
  const withContent = calls.filter(([request]) => request.content !== undefined)
  const last = withContent.at(-1)
  if (!last) throw new Error('Nothing was saved')
  return last[0].content!
}

/**
 * Lets the browser paint the coming frame and run the tasks queued after it: typing shows its
 * rules and preview then (the builder's settled content).
 */
export async function paint() {
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))
}

export async function renderBuilder(draft: Draft) {
  const result = render(
    <DraftEditorProvider draftId={draft.id} kind="card" fallback={() => <p>loading</p>}>
      <CardBuilder />
    </DraftEditorProvider>,
  )
  await screen.findByLabelText('Card name')
  // The editor appears when the draft arrives, outside act(); let React run the mount effects
  // (the store subscriptions among them) before the test starts typing, as a person would.
  await act(async () => {})
  return result
}
