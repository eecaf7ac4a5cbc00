// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { DropdownMenu } from 'radix-ui'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MenuContent } from '../../../src/renderer/components/Menu'
import { polyfillRadix } from '../features/library/fakeStudio'

beforeEach(() => {
  polyfillRadix()
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('MenuContent', () => {
  it('makes the window inert while the menu is open, and gives focus back to its trigger', () => {
    render(
      <>
        <button type="button" id="behind">
          Behind
        </button>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger>Actions</DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <MenuContent align="end">
              <DropdownMenu.Item className="menu__item">Duplicate</DropdownMenu.Item>
            </MenuContent>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </>,
    )
    const trigger = screen.getByRole('button', { name: 'Actions' })
    act(() => trigger.focus())
    fireEvent.keyDown(trigger, { key: 'Enter' })
    const menu = screen.getByRole('menu')
    expect(menu).toHaveClass('menu')
    expect(document.getElementById('behind')!.closest('[inert]')).not.toBeNull()
    expect(menu.closest('[inert]')).toBeNull()

    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Duplicate' }), { key: 'Escape' })
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.querySelector('[inert]')).toBeNull()
    act(() => vi.runAllTimers())
    expect(document.activeElement).toBe(trigger)
  })
})
