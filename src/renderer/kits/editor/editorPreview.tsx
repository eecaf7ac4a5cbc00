import { createContext, useContext, type ReactNode } from 'react'

/**
 * The editor's own preview of the draft as it is now (the element its preview column shows), for
 * the review sheet to show exactly the same. A context, so only what reads it renders again when
 * the preview changes (the memoised editor header does not).
 */
const EditorPreviewContext = createContext<ReactNode>(null)

export const EditorPreviewProvider = EditorPreviewContext.Provider

export function useEditorPreview(): ReactNode {
  return useContext(EditorPreviewContext)
}
