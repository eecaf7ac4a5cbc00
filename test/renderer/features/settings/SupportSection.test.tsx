// Settings → Support: "Copy diagnostics" asks main for the text, says it was copied, and when no
// clipboard could be reached shows the text to copy by hand.
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SupportSection } from '../../../../src/renderer/features/settings/SupportSection'

const DIAGNOSTICS = 'Ads Studio 1.2.3\nSystem: linux 6.1.0 (x64)\nLog: the last 2 lines, oldest first\n{}\n{}'

let copy: ReturnType<typeof vi.fn>
let writeText: ReturnType<typeof vi.fn>
beforeEach(() => {
  copy = vi.fn()
  writeText = vi.fn(async () => undefined)
  Object.defineProperty(window, 'studio', { configurable: true, value: { diagnostics: { copy } } })
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
})
afterEach(cleanup)

const button = () => screen.getByRole('button', { name: /Copy diagnostics/ })

describe('Copy diagnostics', () => {
  it('asks main, which copies, and confirms what was copied', async () => {
    copy.mockResolvedValue({ ok: true, value: { text: DIAGNOSTICS, lines: 2, copied: true } })
    render(<SupportSection />)
    expect(screen.getByRole('status').textContent).toBe('')
    fireEvent.click(button())
    expect(await screen.findByText(/Copied: version, system and 2 log lines/)).toBeTruthy()
    expect(copy).toHaveBeenCalledWith({})
    // Main had the clipboard: the page does not write it again.
    expect(writeText).not.toHaveBeenCalled()
    expect(screen.queryByTestId('diagnostics-text')).toBeNull()
  })

  it("copies through the page's clipboard when main had none", async () => {
    copy.mockResolvedValue({ ok: true, value: { text: DIAGNOSTICS, lines: 1, copied: false } })
    render(<SupportSection />)
    fireEvent.click(button())
    expect(await screen.findByText(/Copied: version, system and 1 log line\./)).toBeTruthy()
    expect(writeText).toHaveBeenCalledWith(DIAGNOSTICS)
  })

  it('shows the text to copy by hand when no clipboard can be reached', async () => {
    copy.mockResolvedValue({ ok: true, value: { text: DIAGNOSTICS, lines: 2, copied: false } })
    writeText.mockRejectedValue(new Error('denied'))
    render(<SupportSection />)
    fireEvent.click(button())
    expect(await screen.findByText(/could not reach the clipboard/)).toBeTruthy()
    expect((screen.getByTestId('diagnostics-text') as HTMLTextAreaElement).value).toBe(DIAGNOSTICS)
  })

  it('says what went wrong when main could not gather them, and lets the designer try again', async () => {
    copy.mockResolvedValueOnce({
      ok: false,
      error: { code: 'internal', message: 'Ads Studio could not read its log. Try again.' },
    })
    render(<SupportSection />)
    fireEvent.click(button())
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ads Studio could not read its log. Try again.',
    )
    copy.mockResolvedValueOnce({ ok: true, value: { text: DIAGNOSTICS, lines: 2, copied: true } })
    fireEvent.click(button())
    expect(await screen.findByText(/Copied: version, system and 2 log lines/)).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
