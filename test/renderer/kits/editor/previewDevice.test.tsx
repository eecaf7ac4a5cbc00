// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { usePreviewDevice } from '../../../../src/renderer/kits/editor/previewDevice'
import { PreviewDeviceToggle } from '../../../../src/renderer/kits/editor/PreviewDeviceToggle'

function Layout() {
  const device = usePreviewDevice((state) => state.device)
  return (
    <div data-testid="layout" data-device={device}>
      <PreviewDeviceToggle />
    </div>
  )
}

afterEach(cleanup)

describe('the preview device toggle', () => {
  it('switches the preview between phone and desktop, and remembers the choice', () => {
    act(() => usePreviewDevice.getState().setDevice('phone'))
    render(<Layout />)
    expect(screen.getByTestId('layout')).toHaveAttribute('data-device', 'phone')
    const group = screen.getByRole('radiogroup', { name: 'Preview on' })
    expect(group).toBeInTheDocument()
    act(() => fireEvent.click(screen.getByRole('radio', { name: 'Desktop' })))
    expect(screen.getByTestId('layout')).toHaveAttribute('data-device', 'desktop')
    expect(screen.getByRole('radio', { name: 'Desktop' })).toBeChecked()
    expect(localStorage.getItem('ads-studio.previewDevice')).toBe('desktop')
  })
})
