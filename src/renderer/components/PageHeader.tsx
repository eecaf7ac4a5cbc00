import type { ReactNode } from 'react'

export function PageHeader({
  title,
  summary,
  actions,
}: {
  title: string
  summary: string
  actions?: ReactNode
}) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        <h1 id="page-title" className="page-header__title">
          {title}
        </h1>
        <p className="page-header__summary" data-testid="page-summary">
          {summary}
        </p>
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  )
}
