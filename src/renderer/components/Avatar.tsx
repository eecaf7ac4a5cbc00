let graphemes: Intl.Segmenter | undefined

/**
 * The first character a person would see of a name, upper-cased: a whole emoji or accented letter
 * (a grapheme), never half of one. An empty name gives "?", so the circle is never blank.
 */
export function initialOf(name: string): string {
  const trimmed = name.trim()
  if (trimmed === '') return '?'
  // Made on first use: an Intl object costs its construction, and no avatar is on the first page.
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  const first = graphemes.segment(trimmed)[Symbol.iterator]().next().value?.segment ?? trimmed
  return first.toUpperCase()
}

/** The round initial that stands for an account: in the previews and beside "Post as". */
export function Avatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' }) {
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {initialOf(name)}
    </span>
  )
}
