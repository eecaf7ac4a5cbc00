// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LIMITS } from '../../../../src/shared/rules/limits'
import { PollEditor } from '../../../../src/renderer/features/polls/PollEditor'
import { fakeStudio, makeDraft, renderEditor } from './editorHarness'

vi.mock('../../../../src/renderer/kits/editor/MediaSlot', () => import('./mediaSlotStub'))

afterEach(cleanup)

const RULES = LIMITS.pollCard
const choiceInput = (n: number) => screen.getByTestId(`poll-choice-${n}`) as HTMLInputElement
const durationInputs = () =>
  screen.getAllByRole('spinbutton') as [HTMLInputElement, HTMLInputElement, HTMLInputElement]
const durationBox = () => screen.getByRole('group', { name: 'Duration' })

describe('editor ergonomics', () => {
  it('opens the problems list from the badge, and choosing a problem focuses its field', async () => {
    const draft = makeDraft('poll_card', { name: 'Lunch', choices: ['Pizza', 'Salad'] })
    fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    fireEvent.change(choiceInput(2), { target: { value: 'x'.repeat(RULES.choice.max + 1) } })
    const field = choiceInput(2).closest('.field') as HTMLElement
    const message = (await within(field).findByTestId('field-message')).textContent!

    const badge = screen.getByTestId('issue-summary')
    expect(badge.tagName).toBe('BUTTON')
    fireEvent.click(badge)
    const list = await screen.findByTestId('problems-list')
    const item = within(list).getByRole('button', { name: message })
    choiceInput(1).focus()
    fireEvent.click(item)
    await waitFor(() => expect(document.activeElement).toBe(choiceInput(2)))
    expect(screen.queryByTestId('problems-list')).toBeNull()
  })

  it('finds a field whose note rephrases the rule (the poll duration)', async () => {
    const draft = makeDraft('poll_card', { name: 'Lunch', choices: ['Pizza', 'Salad'] })
    fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    const [days] = durationInputs()
    fireEvent.change(days, { target: { value: '9' } })
    await waitFor(() => expect(within(durationBox()).getByText(/at most 7 days/)).toBeInTheDocument())
    fireEvent.click(screen.getByTestId('issue-summary'))
    const list = await screen.findByTestId('problems-list')
    fireEvent.click(within(list).getAllByRole('button')[0]!)
    await waitFor(() => expect(document.activeElement).toBe(durationInputs()[0]))
  })

  it('says an over-long poll in the units the designer typed', async () => {
    const draft = makeDraft('poll_card')
    fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    const [days] = durationInputs()
    fireEvent.change(days, { target: { value: '9' } })
    await waitFor(() =>
      expect(
        within(durationBox()).getByText(/at most 7 days; this one is set to 9 days/),
      ).toBeInTheDocument(),
    )
    // Not the rule's count of minutes, which the designer never typed.
    expect(durationBox().textContent).not.toMatch(/10,080|12,960/)
  })

  it('redoes with Ctrl+Y and with Ctrl+Shift+Z', async () => {
    const draft = makeDraft('poll_card')
    fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    const input = choiceInput(1)
    fireEvent.change(input, { target: { value: 'Yes' } })
    fireEvent.keyDown(input, { key: 'z', ctrlKey: true })
    expect(choiceInput(1).value).toBe('')
    fireEvent.keyDown(choiceInput(1), { key: 'y', ctrlKey: true })
    expect(choiceInput(1).value).toBe('Yes')
    fireEvent.keyDown(choiceInput(1), { key: 'z', ctrlKey: true })
    expect(choiceInput(1).value).toBe('')
    fireEvent.keyDown(choiceInput(1), { key: 'Z', ctrlKey: true, shiftKey: true })
    expect(choiceInput(1).value).toBe('Yes')
  })

  it('opens a new draft with focus on its first field, not on the page body', async () => {
    const draft = makeDraft('poll_card')
    fakeStudio([draft])
    ;(document.activeElement as HTMLElement | null)?.blur()
    await renderEditor(draft, <PollEditor />)
    await waitFor(() => expect(document.activeElement?.tagName).toBe('INPUT'))
    expect(document.activeElement?.closest('.editor')).not.toBeNull()
  })

  it('after a delete, focus goes to the control that took its place, never to the body', async () => {
    const draft = makeDraft('poll_card', { name: 'Lunch', choices: ['A', 'B', 'C'] })
    fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    const remove = screen.getByRole('button', { name: 'Remove choice 3' })
    remove.focus()
    fireEvent.click(remove)
    await waitFor(() => expect(document.activeElement).not.toBe(document.body))
    expect(document.activeElement).toBe(choiceInput(2))
  })

  it('after an undo removes the field being typed in, focus stays in the editor', async () => {
    const draft = makeDraft('poll_card', { name: 'Lunch', choices: ['A', 'B'] })
    fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    fireEvent.click(screen.getByRole('button', { name: 'Add choice' }))
    choiceInput(3).focus()
    fireEvent.keyDown(choiceInput(3), { key: 'z', ctrlKey: true })
    expect(screen.queryByTestId('poll-choice-3')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(choiceInput(2)))
  })

  it('closing the problems list with Escape returns focus to the badge', async () => {
    const draft = makeDraft('poll_card')
    fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    const badge = screen.getByTestId('issue-summary')
    badge.focus()
    fireEvent.click(badge)
    const list = await screen.findByTestId('problems-list')
    fireEvent.keyDown(list, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByTestId('problems-list')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('issue-summary')))
  })
})
