import { Banner } from '../../components/Banner'

/** What DraftEditorProvider shows while a draft opens, or when it cannot be opened. */
export function EditorFallback({
  state,
  listHref,
}: {
  state: { loading: true } | { loading: false; error: string }
  listHref: string
}) {
  if (state.loading)
    return (
      <p className="muted" role="status">
        Opening the draft…
      </p>
    )
  return (
    <Banner tone="error">
      {state.error} <a href={listHref}>Back to the list</a>
    </Banner>
  )
}
