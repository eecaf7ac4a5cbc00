import { act, cleanup, render } from '@testing-library/react'
import { useRef, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useFocusKeeper } from '../../../src/renderer/lib/useFocusKeeper'

function Editor() {
  const rootRef = useRef<HTMLDivElement>(null)
  useFocusKeeper(rootRef)
  const [fields, setFields] = useState(['first', 'second'])
  const [preview, setPreview] = useState<string[]>([])
  return (
    <div ref={rootRef}>
      {fields.map((name) => (
        <input key={name} aria-label={name} />
      ))}
      <button type="button" onClick={() => setPreview((current) => [...current, 'line'])}>
        Grow preview
      </button>
      <button type="button" onClick={() => setFields((current) => current.slice(1))}>
        Remove first
      </button>
      <ul>
        {preview.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    </div>
  )
}

const flush = () => act(() => new Promise<void>((done) => setTimeout(done, 0)))

describe('useFocusKeeper', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    cleanup()
  })

  it('asks for no frame when the tree changes but focus stays, and rescues focus when its field goes', async () => {
    const { getByLabelText, getByText } = render(<Editor />)
    const frames = vi.spyOn(window, 'requestAnimationFrame')
    const first = getByLabelText('first') as HTMLInputElement
    first.focus()
    // What a key does in an editor: the preview's tree changes while the field keeps focus.
    act(() => getByText('Grow preview').click())
    first.focus()
    await flush()
    expect(frames).not.toHaveBeenCalled()

    // The focused field itself goes: focus moves to the one that took its place, in the frame.
    first.focus()
    act(() => getByText('Remove first').click())
    expect(document.activeElement).toBe(document.body)
    await flush()
    expect(frames).toHaveBeenCalledTimes(1)
    await act(() => new Promise<void>((done) => requestAnimationFrame(() => done())))
    expect(document.activeElement).toBe(getByLabelText('second'))
  })
})
