// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DraftGroups } from '../../../../src/renderer/features/drafts/DraftGroups'
import { VariantsDialog } from '../../../../src/renderer/kits/variants/VariantsDialog'
import { crossProduct, valueTag, variantName } from '../../../../src/shared/drafts/variants'
import type { OutboxReview } from '../../../../src/shared/ipc/contracts/outbox'
import type {
  ListedGroup,
  VariantField,
  VariantVariable,
} from '../../../../src/shared/ipc/contracts/variants'
import { polyfillRadix } from '../../features/library/fakeStudio'

/**
 * Make variants → the group on the Drafts page → Publish group's one review sheet. Main is a
 * fake that names and checks combinations as main does (test/unit/bulk/variants.test.ts tests
 * main's own); the E2E file variants.e2e.ts runs the real one.
 */

const SOURCE = '00000000-0000-4000-8000-0000000000a1'
const fields: VariantField[] = [
  { key: 'card_title', label: 'Headline', type: 'text', current: 'Fresh flowers' },
  { key: 'card_url', label: 'Destination URL', type: 'text', current: 'https://a.example' },
]
const SHORT: Record<string, string> = { card_title: 'headline', card_url: 'URL' }
const WHY = 'Website URL must be a web address starting with https:// or http://'

function rowsOf(base: string, variables: VariantVariable[]) {
  return crossProduct(variables.map((variable) => variable.values.length)).map((picks) => {
    const parts = variables.flatMap((variable, at) =>
      variable.values.length > 1 ? [`${SHORT[variable.key]} ${valueTag('letter', picks[at]!)}`] : [],
    )
    const broken = variables.some(
      (variable, at) =>
        variable.key === 'card_url' && !String(variable.values[picks[at]!]).startsWith('https://'),
    )
    return { picks, name: variantName(base, parts), reasons: broken ? [WHY] : [] }
  })
}

const review = (title: string): OutboxReview => ({
  profileLabel: 'Studio sandbox',
  accountId: '18ce54d4x5t',
  steps: [{ kind: 'card', label: `Create the card “${title}”` }],
  warnings: [],
})

function installStudio() {
  let groups: ListedGroup[] = []
  const ok = async <T,>(value: T) => ({ ok: true as const, value })
  const generate = vi.fn(
    async (request: { base: string; variables: VariantVariable[]; picks: number[][] }) => {
      const rows = rowsOf(request.base, request.variables).filter((row) =>
        request.picks.some((picks) => picks.join() === row.picks.join()),
      )
      const ids = rows.map((_, index) => `00000000-0000-4000-8000-00000000010${index}`)
      const group = {
        id: '00000000-0000-4000-8000-0000000000f1',
        name: request.base,
        sourceDraftId: SOURCE,
        draftIds: ids,
        createdAt: '2026-01-01T00:00:00.000Z',
      }
      groups = [{ ...group, names: rows.map((row) => row.name) }]
      return ok({ group, skipped: [] })
    },
  )
  const enqueue = vi.fn(async () => ok({ job: {} }))
  const studio = {
    variants: {
      fields: () => ok({ fields, media: [] }),
      preview: (request: { base: string; variables: VariantVariable[] }) =>
        ok({ rows: rowsOf(request.base, request.variables) }),
      generate,
    },
    draftGroups: { list: () => ok({ groups }) },
    outbox: {
      review: ({ draftId }: { draftId: string }) =>
        ok({ review: review(groups[0]!.names[groups[0]!.draftIds.indexOf(draftId)]!) }),
      enqueue,
    },
  }
  Object.defineProperty(window, 'studio', { value: studio, configurable: true })
  return { generate, enqueue }
}

beforeEach(polyfillRadix)
afterEach(cleanup)

describe('variants, end to end in the window', () => {
  it('makes the ticked combinations as a group that publishes through one review sheet', async () => {
    const { generate, enqueue } = installStudio()
    const onOpenChange = vi.fn()
    render(<VariantsDialog draftId={SOURCE} draftName="Spring" open onOpenChange={onOpenChange} />)
    const dialog = await screen.findByRole('dialog', { name: 'Make variants' })

    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Vary headline' }))
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Headline 2' }), {
      target: { value: 'Tulips' },
    })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Vary destination URL' }))
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Destination URL 2' }), {
      target: { value: 'not a link' },
    })

    // Four combinations: the two with the broken link say why and cannot be ticked.
    const combos = await within(dialog).findByRole('list', { name: 'Combinations to make' })
    await waitFor(() => expect(within(combos).getAllByRole('checkbox')).toHaveLength(4))
    const broken = within(combos).getByRole('checkbox', { name: 'Spring · headline B · URL B' })
    expect(broken).toBeDisabled()
    expect(broken).toHaveAccessibleDescription(/https:\/\//)
    // One valid combination left out by the designer.
    fireEvent.click(within(combos).getByRole('checkbox', { name: 'Spring · headline A · URL A' }))
    const make = within(dialog).getByRole('button', { name: 'Make 1 variant' })
    fireEvent.click(make)
    await within(dialog).findByText(/Made 1 variant in the group “Spring”/)
    expect(generate).toHaveBeenCalledWith(
      expect.objectContaining({ draftId: SOURCE, base: 'Spring', picks: [[1, 0]] }),
    )

    cleanup()
    render(<DraftGroups />)
    const row = await screen.findByTestId('draft-group')
    expect(row).toHaveTextContent('Spring')
    expect(row).toHaveTextContent('1 draft')
    fireEvent.click(within(row).getByRole('button', { name: 'Publish group Spring' }))
    const sheet = await screen.findByRole('dialog', { name: 'Review and publish' })
    expect(within(sheet).getByRole('list', { name: 'Steps that will run' })).toHaveTextContent(
      'Spring · headline B · URL A: Create the card “Spring · headline B · URL A”',
    )
    fireEvent.click(within(sheet).getByRole('button', { name: /Publish/ }))
    await screen.findByText(/1 draft of “Spring” queued in the outbox/)
    expect(enqueue).toHaveBeenCalledTimes(1)
  })
})
