import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Dialog } from 'radix-ui'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { useOpenerFocus } from '../../../src/renderer/lib/useOpenerFocus'

/** A page whose sheet opens from state, as a row's Edit button opens the line item sheet. */
function Page({ confirmDisablesOpener }: { confirmDisablesOpener: boolean }) {
  const [open, setOpen] = useState(false)
  const [running, setRunning] = useState(false)
  const openerFocus = useOpenerFocus()
  return (
    <main tabIndex={-1} aria-label="Page">
      <button type="button" disabled={running} onClick={() => setOpen(true)}>
        Edit
      </button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Content aria-describedby={undefined} {...openerFocus}>
            <Dialog.Title>Sheet</Dialog.Title>
            <button
              type="button"
              onClick={() => {
                setRunning(confirmDisablesOpener)
                setOpen(false)
              }}
            >
              Confirm
            </button>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </main>
  )
}

afterEach(cleanup)

async function openFromEdit() {
  const edit = screen.getByRole('button', { name: 'Edit' })
  act(() => edit.focus())
  fireEvent.click(edit)
  await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus())
  return edit
}

describe('useOpenerFocus', () => {
  it('gives focus back to the control that opened a dialog without a trigger', async () => {
    render(<Page confirmDisablesOpener={false} />)
    const edit = await openFromEdit()
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    await waitFor(() => expect(edit).toHaveFocus())
    await openFromEdit()
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(edit).toHaveFocus())
  })

  it('gives it to the page when the action disabled that control', async () => {
    render(<Page confirmDisablesOpener />)
    await openFromEdit()
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus())
    expect(document.activeElement).not.toBe(document.body)
  })
})
