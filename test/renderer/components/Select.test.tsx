// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Select } from '../../../src/renderer/components/Select'
import { installFakeFrames } from '../fakeFrames'
import { polyfillRadix } from '../features/library/fakeStudio'

type Sort = 'updated' | 'name' | 'status'
const OPTIONS = [
  { value: 'updated', label: 'Last changed' },
  { value: 'name', label: 'Name' },
  { value: 'status', label: 'Status' },
] as const

beforeEach(() => polyfillRadix())
afterEach(cleanup)

describe('Select', () => {
  const frames = installFakeFrames()

  function renderSort(onChange: (value: Sort) => void = () => undefined) {
    render(<Select<Sort> aria-label="Sort by" value="name" options={OPTIONS} onChange={onChange} />)
    return screen.getByRole('combobox', { name: 'Sort by Name' })
  }

  it('shows the chosen option on its trigger from the first render, and opens and chooses before the first frame', () => {
    const onChange = vi.fn()
    const trigger = renderSort(onChange)
    expect(trigger).toHaveTextContent('Name')
    // No frame has been painted yet: the list is mounted by opening it.
    expect(frames.pending()).toBe(1)
    fireEvent.keyDown(trigger, { key: 'Enter' })
    const listbox = screen.getByRole('listbox')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Last changed',
      'Name',
      'Status',
    ])
    expect(listbox).toBeVisible()
    fireEvent.click(screen.getByRole('option', { name: 'Status' }))
    expect(onChange).toHaveBeenCalledWith('status')
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('types ahead on the closed trigger once the first frame is up', () => {
    const onChange = vi.fn()
    const trigger = renderSort(onChange)
    // Typeahead reads the hidden list, which is mounted after the first frame and an idle moment.
    act(() => {
      frames.runFrame()
      vi.advanceTimersByTime(1_000)
    })
    fireEvent.keyDown(trigger, { key: 's' })
    expect(onChange).toHaveBeenCalledWith('status')
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('names an option by all the text it shows, and makes the window inert while the list is open', () => {
    render(
      <>
        <button type="button" id="behind">
          Behind
        </button>
        <Select<'main' | 'second'>
          aria-label="Ad account"
          value="main"
          options={[
            { value: 'main', label: 'Main account', description: 'acc-main' },
            { value: 'second', label: 'Second account' },
          ]}
          onChange={() => undefined}
        />
      </>,
    )
    const trigger = screen.getByRole('combobox', { name: 'Ad account Main account' })
    const behind = document.getElementById('behind')!
    act(() => trigger.focus())
    fireEvent.keyDown(trigger, { key: 'Enter' })
    // What is seen is what is heard (WCAG 2.5.3): the description is part of the name.
    expect(screen.getByRole('option', { name: 'Main account acc-main' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Second account' })).toBeInTheDocument()
    // Hidden from screen readers by Radix, and out of reach of focus too.
    expect(behind.closest('[inert]')).not.toBeNull()
    expect(screen.getByRole('listbox').closest('[inert]')).toBeNull()

    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' })
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(document.querySelector('[inert]')).toBeNull()
    act(() => vi.runAllTimers())
    expect(document.activeElement).toBe(trigger)
  })
})
