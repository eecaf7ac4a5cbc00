import { createContext, useContext, type ComponentProps } from 'react'

const ReadOnly = createContext(false)

/** True inside the form of a published creative: what it shows can no longer change here. */
export function useReadOnly(): boolean {
  return useContext(ReadOnly)
}

/**
 * A part of an editor that publishing makes read-only: a disabled fieldset, and the same fact
 * given to the controls inside through context, so a memoized control hears it the moment the
 * creative is published (the DOM's `fieldset:disabled` tells nobody when it changes). A nested one
 * is read-only whenever its parent is.
 */
export function ReadOnlyFieldset({
  readOnly,
  ...fieldset
}: Omit<ComponentProps<'fieldset'>, 'disabled'> & { readOnly: boolean }) {
  const inherited = useReadOnly()
  return (
    <ReadOnly.Provider value={inherited || readOnly}>
      <fieldset {...fieldset} disabled={readOnly} />
    </ReadOnly.Provider>
  )
}
