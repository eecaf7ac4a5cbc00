// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CardContent, ComponentDraft } from '../../../../src/shared/creatives/card'
import type * as ComponentEditorModule from '../../../../src/renderer/features/cards/ComponentEditor'
import type * as SortableListModule from '../../../../src/renderer/features/cards/SortableList'
import { cardDraft, installStudio, lastSaved, paint, renderBuilder } from './builderHarness'

// Counts renders of each component editor, by component id (the module's own editor does the work).
const renders = vi.hoisted(() => new Map<string, number>())
vi.mock('../../../../src/renderer/features/cards/ComponentEditor', async (importOriginal) => {
  const original = await importOriginal<typeof ComponentEditorModule>()
  return {
    ...original,
    ComponentEditor: (props: Parameters<typeof original.ComponentEditor>[0]) => {
      renders.set(props.component.id, (renders.get(props.component.id) ?? 0) + 1)
      return original.ComponentEditor(props)
    },
  }
})

// Counts renders of each sortable list (with its dnd-kit contexts), by its accessible label, and
// of each item's content (a slide card, a component card), by the item's id.
const listRenders = vi.hoisted(() => new Map<string, number>())
const itemRenders = vi.hoisted(() => new Map<string, number>())
vi.mock('../../../../src/renderer/features/cards/SortableList', async (importOriginal) => {
  const original = await importOriginal<typeof SortableListModule>()
  return {
    ...original,
    SortableList: <T extends { id: string }>(props: Parameters<typeof original.SortableList<T>>[0]) => {
      listRenders.set(props.label, (listRenders.get(props.label) ?? 0) + 1)
      return original.SortableList({
        ...props,
        renderItem: (item, index, controls) => {
          itemRenders.set(item.id, (itemRenders.get(item.id) ?? 0) + 1)
          return props.renderItem(item, index, controls)
        },
      })
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
    await paint()
    expect(title).toHaveAttribute('aria-invalid', 'true')
    const slideThree = screen.getByRole('region', { name: 'Slide 3' })
    expect(within(slideThree).getByLabelText('Title')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByRole('heading', { name: 'Slide 2' })).toBeInTheDocument()
  })

  it('typing in slide 1 renders nothing of slide 2, neither with the key nor when the preview follows', async () => {
    const draft = cardDraft({ name: 'Six', mode: 'multi_destination', slides: slides(6) })
    installStudio(draft)
    await renderBuilder(draft)
    const title = within(screen.getByRole('region', { name: 'Slide 1' })).getByLabelText('Title')
    renders.clear()
    itemRenders.clear()

    for (const value of ['Slide 1 sale', 'Slide 1 sale!', 'Slide 1 sale']) {
      fireEvent.change(title, { target: { value } })
      // The rules, the header and the preview follow after the key's frame.
      await paint()
    }
    expect([...renders.keys()]).toEqual(['details-1'])
    // No slide card renders on a key, not even the one typed in: its component editor does.
    expect([...itemRenders.keys()]).toEqual([])
    const preview = screen.getByRole('region', { name: 'Preview' })
    const first = preview.querySelector<HTMLElement>('[aria-label="1 of 6"]')!
    expect(within(first).getByText('Slide 1 sale')).toBeInTheDocument()
  })

  it('renders no list on a key: the slides list renders when the slides change', async () => {
    const draft = cardDraft({ name: 'Five', mode: 'multi_destination', slides: slides(5) })
    const fake = installStudio(draft)
    await renderBuilder(draft)
    const slideTwo = screen.getByRole('region', { name: 'Slide 2' })
    listRenders.clear()

    fireEvent.change(within(slideTwo).getByLabelText('Title'), { target: { value: 'Slide 2 sale' } })
    fireEvent.change(within(slideTwo).getByLabelText('Website URL'), {
      target: { value: 'https://sale.example.com' },
    })
    expect(lastSaved(fake).slides[1]!.components[1]).toMatchObject({
      title: 'Slide 2 sale',
      destination: { url: 'https://sale.example.com' },
    })
    expect(within(slideTwo).getByLabelText('Title')).toHaveValue('Slide 2 sale')
    expect([...listRenders.keys()]).toEqual([])

    // Adding a slide changes the slides' outline: the list renders.
    fireEvent.click(screen.getByRole('button', { name: 'Add slide' }))
    expect(screen.getByRole('region', { name: 'Slide 6' })).toBeInTheDocument()
    expect(listRenders.get('Slides')).toBeGreaterThan(0)
  })

  it('keeps the memoised preview and header in step with the key typed', async () => {
    const draft = cardDraft({ name: 'Six', mode: 'multi_destination', slides: slides(6) })
    installStudio(draft)
    await renderBuilder(draft)
    const slideThree = screen.getByRole('region', { name: 'Slide 3' })
    const preview = screen.getByRole('region', { name: 'Preview' })
    fireEvent.change(within(slideThree).getByLabelText('Title'), { target: { value: 'Tent sale' } })
    fireEvent.change(within(slideThree).getByLabelText('Website URL'), {
      target: { value: 'https://tents.example.org/sale' },
    })
    // The rules and the preview follow once the key's frame is painted.
    await paint()
    // The preview's third slide shows the new title and domain; the others keep theirs.
    // Off-screen slides are aria-hidden, so the third is found by its label.
    const third = preview.querySelector<HTMLElement>('[aria-label="3 of 6"]')!
    expect(within(third).getByText('Tent sale')).toBeInTheDocument()
    expect(within(third).getByText('tents.example.org')).toBeInTheDocument()
    expect(within(preview).getByText('Slide 2 headline')).toBeInTheDocument()
    // An emptied title is counted in the header's summary of problems, and cleared again.
    const summary = () => document.querySelector('.builder__toolbar')!.textContent
    const before = summary()
    fireEvent.change(within(slideThree).getByLabelText('Title'), { target: { value: '' } })
    await paint()
    expect(summary()).not.toBe(before)
    expect(within(third).getByText('Your title')).toBeInTheDocument()
    fireEvent.change(within(slideThree).getByLabelText('Title'), { target: { value: 'Tents' } })
    await paint()
    expect(summary()).toBe(before)
    expect(screen.getByRole('heading', { level: 1, name: 'Six' })).toBeInTheDocument()
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
