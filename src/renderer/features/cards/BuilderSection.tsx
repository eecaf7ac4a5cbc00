import type { ReactNode } from 'react'

/** A section of the card builder: a raised surface titled `title`, a hint beside the title. */
export function BuilderSection({
  titleId,
  title,
  hint,
  children,
}: {
  titleId: string
  title: string
  hint: ReactNode
  children: ReactNode
}) {
  return (
    <section className="builder-section surface surface--raised" aria-labelledby={titleId}>
      <div className="row row--spread builder-section__head">
        <h2 className="section-title" id={titleId}>
          {title}
        </h2>
        <span className="muted builder-section__hint">{hint}</span>
      </div>
      {children}
    </section>
  )
}
