// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CardContent, ComponentDraft } from '../../../src/shared/creatives/card'
import type * as ComponentEditorModule from '../../../src/renderer/features/cards/ComponentEditor'
import { cardDraft, installStudio, lastSaved, renderBuilder } from './builderHarness'

// Counts renders of each component editor, by component id (the module's own editor does the work).
const renders = vi.hoisted(() => new Map<string, number>())
vi.mock('../../../src/renderer/features/cards/ComponentEditor', async (importOriginal) => {
  const original = await importOriginal<typeof ComponentEditorModule>()
  return {
    ...original,
    ComponentEditor: (props: Parameters<typeof original.ComponentEditor>[0]) => {
      renders.set(props.component.id, (renders.get(props.component.id) ?? 0) + 1)
      return original.ComponentEditor(props)
    },
  }
})

afterEach(cleanup)

function slides(count: number): CardContent['slides'] {
  return Array.from({ length: count }, (_, index) => ({
    id: `slide-${index + 1}`,
    components: [
      { id: `media-${index + 1}`, type: 'MEDIA', media: null },
      {
        id: `details-${index + 1}`,
        type: 'DETAILS',
        title: `Slide ${index + 1} headline`,
        destination: { type: 'WEBSITE', url: `https://shop.example.com/${index + 1}` },
      },
    ] as ComponentDraft[],
  }))
}

describe('the card builder while typing', () => {
  it('re-renders only the component being edited, and still shows its new messages', async () => {
    const draft = cardDraft({ name: 'Six', mode: 'multi_destination', slides: slides(6) })
    const fake = installStudio(draft)
    await renderBuilder(draft)
    const slideTwo = screen.getByRole('region', { name: 'Slide 2' })
    const title = within(slideTwo).getByLabelText('Title')
    renders.clear()

    fireEvent.change(title, { target: { value: 'Slide 2 headline!' } })
    expect(lastSaved(fake).slides[1]!.components[1]).toMatchObject({ title: 'Slide 2 headline!' })
    expect(renders.get('details-2')).toBeGreaterThan(0)
    expect([...renders.keys()].filter((id) => id !== 'details-2')).toEqual([])

    // An emptied title is an error on that field only; the memoised siblings stay as they were.
    fireEvent.change(title, { target: { value: '' } })
    expect(title).toHaveAttribute('aria-invalid', 'true')
    const slideThree = screen.getByRole('region', { name: 'Slide 3' })
    expect(within(slideThree).getByLabelText('Title')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByRole('heading', { name: 'Slide 2' })).toBeInTheDocument()
  })

  it('re-renders the other slides when what they show changes (their order)', async () => {
    const draft = cardDraft({ name: 'Three', mode: 'multi_destination', slides: slides(3) })
    installStudio(draft)
    await renderBuilder(draft)
    renders.clear()
    fireEvent.click(screen.getByRole('button', { name: 'Move slide 1 down' }))
    const first = screen.getByRole('region', { name: 'Slide 1' })
    expect(within(first).getByLabelText('Title')).toHaveValue('Slide 2 headline')
    expect(renders.get('details-1')).toBeGreaterThan(0)
    expect(renders.get('details-2')).toBeGreaterThan(0)
  })
})
