import type { ReactNode } from 'react'
import './dataTable.css'

export interface DataColumn {
  label: string
  /** Read by screen readers only (an actions or ids column). */
  hidden?: boolean
  className?: string
}

/**
 * A table of rows under a header row: `columns` make the header, `children` are the body's rows
 * (`<tr>`, a `<th scope="row">` where a cell names its row). `preview` shows raw rows one line
 * each under a header that stays in view; `form` is for rows of form controls, at the form's
 * size. `framed` puts it on a raised surface of its own.
 */
export function DataTable({
  columns,
  label,
  variant,
  framed = false,
  frameClassName,
  children,
}: {
  columns: readonly (string | DataColumn)[]
  label?: string
  variant?: 'preview' | 'form'
  framed?: boolean
  frameClassName?: string
  children: ReactNode
}) {
  const table = (
    <table className={variant ? `data-table data-table--${variant}` : 'data-table'} aria-label={label}>
      <thead>
        <tr>
          {columns.map((column, index) => {
            const spec: DataColumn = typeof column === 'string' ? { label: column } : column
            return (
              <th key={index} scope="col" className={spec.className}>
                {spec.hidden ? <span className="visually-hidden">{spec.label}</span> : spec.label}
              </th>
            )
          })}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
  if (!framed) return table
  return (
    <div className={['table-panel surface surface--raised', frameClassName].filter(Boolean).join(' ')}>
      {table}
    </div>
  )
}
