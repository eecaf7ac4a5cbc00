// The keyword form's "required" error waits until the designer has been in the field.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KeywordInsights } from '../../../../src/renderer/features/keywords/KeywordsPage'
import type { RouteInfo } from '../../../../src/renderer/nav/routes'
import { polyfillRadix } from '../library/fakeStudio'

// uPlot measures the screen when it loads, which jsdom cannot; the chart is not what is tested here.
vi.mock('../../../../src/renderer/features/keywords/KeywordChart', () => ({ KeywordChart: () => null }))

const PROFILE_ID = '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00'
const GERMANY = {
  name: 'Germany',
  countryCode: 'DE',
  locationType: 'COUNTRIES',
  targetingValue: 'aa11bb22cc33dd44',
}
const lookUp = vi.fn(async ({ query }: { query: string }) => ({
  ok: true,
  value: { locations: 'germany'.startsWith(query.toLowerCase()) ? [GERMANY] : [] },
}))
const route = { label: 'Keyword insights', summary: 'Post volume for words' } as unknown as RouteInfo

beforeEach(() => {
  Object.defineProperty(window, 'studio', {
    configurable: true,
    value: {
      keywords: {
        recent: vi.fn(async () => ({ ok: true, value: { queries: [] } })),
        search: vi.fn(async () => ({ ok: false, error: { kind: 'network', message: 'offline' } })),
      },
      targeting: { locations: lookUp },
    },
  })
  polyfillRadix()
})
afterEach(cleanup)

async function renderForm() {
  render(<KeywordInsights route={route} profileId={PROFILE_ID} />)
  await act(async () => undefined)
  return screen.getByTestId('keyword-input')
}

describe('Keyword insights: the Keywords field', () => {
  it('opens without an error, and the search waits for a keyword', async () => {
    const input = await renderForm()
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(input.closest('.chip-input')?.hasAttribute('data-invalid')).toBe(false)
    expect(screen.getByTestId('keyword-count').className).toBe('field__hint')
    expect(screen.getByTestId('keyword-count').textContent).not.toMatch(/at least one/)
    expect((screen.getByTestId('keyword-search') as HTMLButtonElement).disabled).toBe(true)
  })

  it('says a keyword is needed once the field is left empty', async () => {
    const input = await renderForm()
    fireEvent.focus(input)
    fireEvent.blur(input)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByTestId('keyword-count').className).toBe('field__error')
    expect(screen.getByTestId('keyword-count').textContent).toMatch(/Add at least one keyword/)
  })

  it('says so again when the last chip is removed, and not while one is there', async () => {
    const input = await renderForm()
    fireEvent.change(input, { target: { value: 'shoes' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect((screen.getByTestId('keyword-search') as HTMLButtonElement).disabled).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Remove shoes' }))
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByTestId('keyword-count').textContent).toMatch(/Add at least one keyword/)
  })
})

describe('Keyword insights: a custom time range', () => {
  it('names what is wrong with the dates on both date fields, not only beside them', async () => {
    await renderForm()
    fireEvent.click(screen.getByTestId('range-custom'))
    const start = screen.getByTestId('range-start')
    const end = screen.getByTestId('range-end')
    fireEvent.change(start, { target: { value: '2026-11-01T00:00' } })
    fireEvent.change(end, { target: { value: '2026-11-20T00:00' } })
    const note = screen.getByTestId('range-note')
    expect(note.className).toBe('field__error')
    for (const field of [start, end]) {
      expect(field).toHaveAttribute('aria-invalid', 'true')
      expect(field).toHaveAccessibleDescription(note.textContent!)
    }
  })
})

describe('Keyword insights: the country comes from the locations look-up', () => {
  it("looks the typed name up once typing pauses and searches with the country's targeting value", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const input = await renderForm()
      fireEvent.change(input, { target: { value: 'shoes' } })
      fireEvent.keyDown(input, { key: 'Enter' })
      const country = screen.getByTestId('keyword-location')
      fireEvent.click(country)
      fireEvent.change(country, { target: { value: 'G' } })
      fireEvent.change(country, { target: { value: 'Germ' } })
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300)
      })
      // One look-up for the paused text, countries only; none for the keystroke before it.
      expect(lookUp.mock.calls.map(([request]) => request)).not.toContainEqual(
        expect.objectContaining({ query: 'G' }),
      )
      expect(lookUp).toHaveBeenCalledWith({ profileId: PROFILE_ID, query: 'Germ', locationType: 'COUNTRIES' })
      fireEvent.mouseDown(screen.getByRole('option', { name: /Germany/ }))
      expect((country as HTMLInputElement).value).toBe('Germany')
      fireEvent.click(screen.getByTestId('keyword-search'))
      await act(async () => undefined)
      const search = (window.studio.keywords.search as ReturnType<typeof vi.fn>).mock.calls[0]?.[0]
      expect(search.query.location).toEqual({ targetingValue: 'aa11bb22cc33dd44', name: 'Germany' })
    } finally {
      vi.useRealTimers()
    }
  })
})
