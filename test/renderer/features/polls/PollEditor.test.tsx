// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LIMITS } from '../../../../src/shared/rules/limits'
import { PollEditor } from '../../../../src/renderer/features/polls/PollEditor'
import { fakeStudio, lastSavedContent, makeDraft, renderEditor } from '../../kits/editor/editorHarness'
import { image, pickQueue } from '../../kits/editor/mediaSlotStub'

vi.mock('../../../../src/renderer/kits/editor/MediaSlot', () => import('../../kits/editor/mediaSlotStub'))

afterEach(cleanup)

const RULES = LIMITS.pollCard
const choiceInput = (n: number) => screen.getByTestId(`poll-choice-${n}`) as HTMLInputElement
const addChoice = () => screen.getByRole('button', { name: 'Add choice' })
const durationInputs = () => screen.getAllByRole('spinbutton') as HTMLInputElement[]
const durationBox = () => screen.getByRole('group', { name: 'Duration' })

describe('the poll card editor', () => {
  it('adds choices only in order, up to the maximum', async () => {
    const draft = makeDraft('poll_card')
    const calls = fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    expect(screen.getAllByTestId(/^poll-choice-/)).toHaveLength(RULES.choices.min)
    expect(addChoice()).toBeDisabled()

    fireEvent.change(choiceInput(1), { target: { value: 'Trail' } })
    expect(addChoice()).toBeDisabled()
    fireEvent.change(choiceInput(2), { target: { value: 'Road' } })
    expect(addChoice()).toBeEnabled()
    fireEvent.click(addChoice())
    // The third needs the first two; the fourth needs the first three.
    expect(addChoice()).toBeDisabled()
    fireEvent.change(choiceInput(3), { target: { value: 'Track' } })
    fireEvent.click(addChoice())
    fireEvent.change(choiceInput(4), { target: { value: 'Treadmill' } })
    expect(screen.getAllByTestId(/^poll-choice-/)).toHaveLength(RULES.choices.max)
    expect(addChoice()).toBeDisabled()
    expect(screen.getByTestId('add-choice-hint').textContent).toMatch(/at most 4 choices/)
    expect(lastSavedContent<'poll_card'>(calls)?.choices).toEqual(['Trail', 'Road', 'Track', 'Treadmill'])

    // The required choices cannot be removed; removing the third moves the fourth up.
    expect(screen.queryByRole('button', { name: 'Remove choice 1' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Remove choice 2' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Remove choice 3' }))
    expect(lastSavedContent<'poll_card'>(calls)?.choices).toEqual(['Trail', 'Road', 'Treadmill'])
  })

  it('"Show problems" on a new poll shows every message and moves focus to the first problem', async () => {
    const draft = makeDraft('poll_card')
    fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    expect(screen.queryByText('Choice 1 is required')).toBeNull()
    const show = screen.getByRole('button', { name: 'Show problems' })
    show.focus()
    fireEvent.click(show)
    await waitFor(() => expect(screen.getByText('Choice 1 is required')).toBeInTheDocument())
    const focused = document.activeElement as HTMLElement
    expect(focused).not.toBe(document.body)
    expect(focused).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getAllByRole('textbox').find((box) => box.getAttribute('aria-invalid') === 'true')).toBe(
      focused,
    )
  })

  it('reports an earlier choice emptied while a later one is set', async () => {
    const draft = makeDraft('poll_card', { choices: ['A', 'B', 'C'] })
    fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    fireEvent.change(choiceInput(2), { target: { value: '' } })
    fireEvent.blur(choiceInput(2))
    await waitFor(() => expect(screen.getByText('Choice 2 is required')).toBeInTheDocument())
    expect(addChoice()).toBeDisabled()
  })

  it('counts choice characters and flags a choice over the limit', async () => {
    const draft = makeDraft('poll_card')
    fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    const tooLong = 'x'.repeat(RULES.choice.max + 1)
    fireEvent.change(choiceInput(1), { target: { value: tooLong } })
    const field = choiceInput(1).closest('.field') as HTMLElement
    expect(within(field).getByTestId('length-counter').textContent).toBe(
      `${RULES.choice.max + 1} / ${RULES.choice.max}`,
    )
    expect(within(field).getByTestId('field-message').getAttribute('data-severity')).toBe('error')
    expect(choiceInput(1)).toHaveAttribute('aria-invalid', 'true')
  })

  it('keeps the duration within its bounds, in days, hours and minutes', async () => {
    const draft = makeDraft('poll_card')
    const calls = fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    const [days, hours, minutes] = durationInputs() as [HTMLInputElement, HTMLInputElement, HTMLInputElement]
    expect([days.value, hours.value, minutes.value]).toEqual(['1', '0', '0'])

    fireEvent.change(days, { target: { value: '0' } })
    fireEvent.change(minutes, { target: { value: String(RULES.durationMinutes.min - 1) } })
    expect(lastSavedContent<'poll_card'>(calls)?.durationInMinutes).toBe(RULES.durationMinutes.min - 1)
    await waitFor(() =>
      expect(within(durationBox()).getByText(/A poll runs for at (least|most)/)).toBeInTheDocument(),
    )
    expect(minutes).toHaveAttribute('aria-invalid', 'true')

    fireEvent.change(minutes, { target: { value: String(RULES.durationMinutes.min) } })
    await waitFor(() =>
      expect(within(durationBox()).queryByText(/A poll runs for at (least|most)/)).toBeNull(),
    )

    const maxDays = RULES.durationMinutes.max / (24 * 60)
    fireEvent.change(days, { target: { value: String(maxDays) } })
    fireEvent.change(minutes, { target: { value: '1' } })
    expect(lastSavedContent<'poll_card'>(calls)?.durationInMinutes).toBe(RULES.durationMinutes.max + 1)
    await waitFor(() =>
      expect(within(durationBox()).getByText(/A poll runs for at (least|most)/)).toBeInTheDocument(),
    )
    fireEvent.change(minutes, { target: { value: '0' } })
    await waitFor(() =>
      expect(within(durationBox()).queryByText(/A poll runs for at (least|most)/)).toBeNull(),
    )
    expect(screen.getByTestId('poll-preview').textContent).toContain(`${maxDays} days left`)
  })

  it('normalises minutes into hours', async () => {
    const draft = makeDraft('poll_card')
    fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    const [days, hours, minutes] = durationInputs() as [HTMLInputElement, HTMLInputElement, HTMLInputElement]
    fireEvent.change(days, { target: { value: '0' } })
    fireEvent.change(minutes, { target: { value: '90' } })
    expect([days.value, hours.value, minutes.value]).toEqual(['0', '1', '30'])
  })

  it('offers media only with the PROMOTED_MEDIA_POLLS feature', async () => {
    const draft = makeDraft('poll_card')
    fakeStudio([draft])
    const view = await renderEditor(draft, <PollEditor />)
    expect(screen.getByTestId('poll-media-gate').textContent).toContain(
      'Needs an account feature: poll cards with an image or a video (beta)',
    )
    expect(screen.queryByRole('button', { name: 'Pick Poll media' })).toBeNull()
    view.unmount()

    const calls = fakeStudio([draft])
    await renderEditor(draft, <PollEditor features={['PROMOTED_MEDIA_POLLS']} />)
    expect(screen.queryByTestId('poll-media-gate')).toBeNull()
    pickQueue.push(image('3_poll'))
    fireEvent.click(screen.getByRole('button', { name: 'Pick Poll media' }))
    expect(lastSavedContent<'poll_card'>(calls)?.media).toMatchObject({ mediaKey: '3_poll' })
  })

  it('rejects a 1200×640 poll image (1% ratio tolerance) and keeps Publish disabled, saying why', async () => {
    const draft = makeDraft('poll_card', { name: 'Ratio', choices: ['A', 'B'] })
    fakeStudio([draft])
    await renderEditor(draft, <PollEditor features={['PROMOTED_MEDIA_POLLS']} />)
    expect(screen.getByTestId('publish-button')).toBeEnabled()
    pickQueue.push({ source: 'library', mediaKey: '3_wide', mediaType: 'IMAGE', width: 1200, height: 640 })
    fireEvent.click(screen.getByRole('button', { name: 'Pick Poll media' }))
    await waitFor(() =>
      expect(screen.getByText(/Poll image must be 1.91:1; this one is 1.88:1/)).toBeInTheDocument(),
    )
    const publish = screen.getByTestId('publish-button')
    expect(publish).toBeDisabled()
    expect(publish).toHaveAccessibleDescription('Fix 1 problem before publishing')
  })

  it('makes a published poll read-only, with "Duplicate as new draft"', async () => {
    const draft = makeDraft('poll_card', { name: 'Live poll', choices: ['A', 'B'] }, 'published')
    const calls = fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    expect(choiceInput(1)).toBeDisabled()
    expect(screen.getByLabelText('Card name')).toBeDisabled()
    expect(addChoice()).toBeDisabled()
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate as new draft' }))
    await waitFor(() => expect(calls.duplicate).toHaveBeenCalledWith({ id: draft.id }))
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/polls\/[0-9a-f-]{36}$/))
    expect(window.location.hash).not.toContain(draft.id)
    expect(calls.update).not.toHaveBeenCalled()
  })

  it('undoes and redoes with the toolbar', async () => {
    const draft = makeDraft('poll_card')
    const calls = fakeStudio([draft])
    await renderEditor(draft, <PollEditor />)
    fireEvent.change(choiceInput(1), { target: { value: 'Yes' } })
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    expect(choiceInput(1).value).toBe('')
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }))
    expect(choiceInput(1).value).toBe('Yes')
    expect(lastSavedContent<'poll_card'>(calls)?.choices[0]).toBe('Yes')
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Saved as draft'))
  })
})
