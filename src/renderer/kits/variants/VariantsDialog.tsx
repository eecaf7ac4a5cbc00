import { Dialog } from 'radix-ui'
import { Layers } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import type { LibraryMediaRef, MediaRef } from '../../../shared/creatives/media'
import { combinationCount, comboKey, VARIANT_LIMITS } from '../../../shared/drafts/variants'
import type {
  DraftGroup,
  VariantField,
  VariantRow,
  VariantValue,
  VariantVariable,
} from '../../../shared/ipc/contracts/variants'
import { plural } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { CheckboxRow } from '../../components/CheckboxRow'
import { DialogActions } from '../../components/DialogActions'
import { DialogTitleBar } from '../../components/DialogTitleBar'
import { Field } from '../../components/Field'
import { studio, unwrap } from '../../lib/ipc'
import { readFields } from './readFields'
import { messageOf } from '../../lib/failures'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { navigate } from '../../nav/routes'
import { ChoiceValues, inSentence, MediaValues, sameValue, TextValues } from './ValueEditors'
import './variants.css'

type Chosen = Record<string, VariantValue[]>

/** The variables to send: the ticked fields in the dialog's order, blank texts left out. */
function variablesOf(fields: readonly VariantField[], chosen: Chosen): VariantVariable[] {
  return fields.flatMap((field) => {
    const values = chosen[field.key]
    if (!values) return []
    const kept = values.filter((value) => typeof value !== 'string' || value.trim() !== '')
    return kept.length > 0 ? [{ key: field.key, values: kept }] : []
  })
}

function firstValues(field: VariantField): VariantValue[] {
  if (field.type === 'text') return [typeof field.current === 'string' ? field.current : '', '']
  return field.current !== null ? [field.current] : []
}

/**
 * "Make variants…": the designer ticks the fields to vary (headline, media, destination, button
 * label, choice texts), gives each its values, and picks among the combinations main names and
 * checks; main then makes them as drafts in a group, in one step.
 */
export function VariantsDialog({
  draftId,
  draftName,
  open,
  onOpenChange,
}: {
  draftId: string
  draftName: string
  open: boolean
  onOpenChange(open: boolean): void
}) {
  const formId = useId()
  const [fields, setFields] = useState<VariantField[] | null>(null)
  const [media, setMedia] = useState<MediaRef[]>([])
  const [base, setBase] = useState(draftName)
  const [chosen, setChosen] = useState<Chosen>({})
  // The combinations main named and checked, and the request they answer.
  const [preview, setPreview] = useState<{ request: object; rows: VariantRow[] } | null>(null)
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set())
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [made, setMade] = useState<{
    group: DraftGroup
    skipped: { name: string; reasons: string[] }[]
  } | null>(null)

  useEffect(() => {
    if (!open) return
    setFields(null)
    setChosen({})
    setPreview(null)
    setMade(null)
    setProblem(null)
    setBase(draftName)
    return readFields(unwrap(studio().variants.fields({ draftId })), {
      fields: setFields,
      media: setMedia,
      problem: setProblem,
    })
    // The draft's name is read as the dialog opens; renaming meanwhile does not reset it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, draftId])

  const variables = useMemo(() => variablesOf(fields ?? [], chosen), [fields, chosen])
  const count = combinationCount(variables.map((variable) => variable.values.length))
  const request = useMemo(
    () => (variables.length > 0 && base.trim() !== '' ? { draftId, base: base.trim(), variables } : null),
    [draftId, base, variables],
  )
  const [settled] = useDebouncedValue(request, 250)

  useEffect(() => {
    if (!settled || made) return
    if (
      combinationCount(settled.variables.map((variable) => variable.values.length)) >
      VARIANT_LIMITS.maxVariants
    )
      return
    let live = true
    unwrap(studio().variants.preview(settled))
      .then((answer) => {
        if (!live) return
        setProblem(null)
        setPreview({ request: settled, rows: answer.rows })
        setPicked(
          new Set(answer.rows.filter((row) => row.reasons.length === 0).map((row) => comboKey(row.picks))),
        )
      })
      .catch((failure: unknown) => live && setProblem(messageOf(failure)))
    return () => {
      live = false
    }
  }, [settled, made])

  const current = request !== null && preview?.request === request
  const shownRows = request ? (preview?.rows ?? []) : []
  const valid = shownRows.filter((row) => row.reasons.length === 0)
  const chosenCount = valid.filter((row) => picked.has(comboKey(row.picks))).length
  const tooMany = count > VARIANT_LIMITS.maxVariants

  const toggleField = (field: VariantField, on: boolean) =>
    setChosen((old) => {
      const next = { ...old }
      if (on) next[field.key] = firstValues(field)
      else delete next[field.key]
      return next
    })
  const setValues = (key: string, values: VariantValue[]) => setChosen((old) => ({ ...old, [key]: values }))
  const offer = (key: string, ref: LibraryMediaRef) => {
    if (!media.some((known) => sameValue(known, ref))) setMedia((old) => [...old, ref])
    setChosen((old) => ({ ...old, [key]: [...(old[key] ?? []).filter((v) => !sameValue(v, ref)), ref] }))
  }

  const generate = async () => {
    if (!request || chosenCount === 0) return
    setBusy(true)
    setProblem(null)
    try {
      const picks = valid.filter((row) => picked.has(comboKey(row.picks))).map((row) => row.picks)
      setMade(await unwrap(studio().variants.generate({ ...request, picks })))
    } catch (failure) {
      setProblem(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const offered = (field: VariantField): MediaRef[] => {
    const current = field.current !== null && typeof field.current !== 'string' ? [field.current] : []
    return [...current, ...media.filter((ref) => !current.some((known) => sameValue(known, ref)))]
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay variants-overlay" />
        <Dialog.Content className="dialog variants-dialog" data-testid="variants-dialog">
          <DialogTitleBar>Make variants</DialogTitleBar>
          <Dialog.Description className="dialog__description">
            Tick what varies and give it values. Each combination becomes a draft in a group; the rest of “
            {draftName}” is copied as it is.
          </Dialog.Description>
          {made ? (
            <div className="variants-dialog__done" role="status">
              <Banner tone={made.skipped.length > 0 ? 'info' : 'success'}>
                Made {plural(made.group.draftIds.length, 'variant')} in the group “{made.group.name}”.
                {made.skipped.length > 0
                  ? ` ${plural(made.skipped.length, 'combination')} broke a rule and ${made.skipped.length === 1 ? 'was' : 'were'} not made.`
                  : ''}
              </Banner>
              <SkippedList skipped={made.skipped} />
              <DialogActions closeLabel="Close">
                <Button
                  variant="primary"
                  onClick={() => {
                    onOpenChange(false)
                    navigate('drafts')
                  }}
                >
                  Show the group in Drafts
                </Button>
              </DialogActions>
            </div>
          ) : (
            <form
              id={formId}
              className="variants-dialog__body"
              onSubmit={(event) => {
                event.preventDefault()
                void generate()
              }}
            >
              <Field
                label="Group name"
                value={base}
                maxLength={VARIANT_LIMITS.maxGroupName}
                onChange={(event) => setBase(event.target.value)}
                hint="Every variant is named after it: “Spring · headline B · image 2”."
                error={base.trim() === '' ? 'Give the group a name.' : undefined}
              />
              {fields === null && !problem ? <p className="muted">Reading the draft…</p> : null}
              {fields?.length === 0 ? (
                <p className="muted">This draft has nothing that can vary yet.</p>
              ) : null}
              <ul className="variants-dialog__fields" aria-label="What varies">
                {(fields ?? []).map((field) => (
                  <li key={field.key} className="variants-dialog__field">
                    <CheckboxRow
                      id={`${formId}-${field.key}`}
                      label={`Vary ${inSentence(field.label)}`}
                      checked={chosen[field.key] !== undefined}
                      onChange={(on) => toggleField(field, on)}
                    />
                    {chosen[field.key] ? (
                      field.type === 'text' ? (
                        <TextValues
                          field={field}
                          values={chosen[field.key] as string[]}
                          onChange={(values) => setValues(field.key, values)}
                        />
                      ) : field.type === 'choice' ? (
                        <ChoiceValues
                          field={field}
                          values={chosen[field.key] as string[]}
                          onChange={(values) => setValues(field.key, values)}
                        />
                      ) : (
                        <MediaValues
                          field={field}
                          offered={offered(field)}
                          values={chosen[field.key] as MediaRef[]}
                          onOffer={(ref) => offer(field.key, ref)}
                          onChange={(values) => setValues(field.key, values)}
                        />
                      )
                    ) : null}
                  </li>
                ))}
              </ul>
              <Combinations
                rows={shownRows}
                picked={picked}
                onPicked={setPicked}
                count={count}
                tooMany={tooMany}
                stale={!current}
              />
              {problem ? <Banner tone="error">{problem}</Banner> : null}
              <DialogActions>
                <Button
                  type="submit"
                  variant="primary"
                  busy={busy}
                  disabled={!current || tooMany || chosenCount === 0}
                  data-testid="variants-make"
                >
                  <Layers size={16} aria-hidden="true" />
                  Make {plural(chosenCount, 'variant')}
                </Button>
              </DialogActions>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** The combinations, ticked to be made; those that break a rule say why and cannot be ticked. */
function Combinations({
  rows,
  picked,
  onPicked,
  count,
  tooMany,
  stale,
}: {
  rows: readonly VariantRow[]
  picked: ReadonlySet<string>
  onPicked(picked: ReadonlySet<string>): void
  count: number
  tooMany: boolean
  stale: boolean
}) {
  const id = useId()
  if (count <= 1 && rows.length === 0) return null
  if (tooMany)
    return (
      <Banner tone="error">
        That is {plural(count, 'combination')}; at most {plural(VARIANT_LIMITS.maxVariants, 'variant')} are
        made at once. Untick a value or a field.
      </Banner>
    )
  const valid = rows.filter((row) => row.reasons.length === 0)
  const refused = rows.length - valid.length
  const set = (keys: Iterable<string>) => onPicked(new Set(keys))
  return (
    <section
      className="variants-dialog__combos"
      aria-labelledby={`${id}-title`}
      aria-busy={stale || undefined}
    >
      <div className="row row--spread">
        <h3 className="variants-dialog__heading" id={`${id}-title`}>
          {plural(rows.length, 'combination')}
          {refused > 0 ? `, ${refused} ${refused === 1 ? 'breaks' : 'break'} a rule` : ''}
        </h3>
        <div className="row">
          <Button variant="ghost" onClick={() => set(valid.map((row) => comboKey(row.picks)))}>
            All
          </Button>
          <Button variant="ghost" onClick={() => set([])}>
            None
          </Button>
        </div>
      </div>
      <ul className="variants-dialog__combo-list" aria-label="Combinations to make">
        {rows.map((row) => {
          const key = comboKey(row.picks)
          const reasonId = `${id}-${key}-why`
          return (
            <li key={key} data-refused={row.reasons.length > 0 || undefined}>
              <CheckboxRow
                id={`${id}-${key}`}
                label={row.name}
                checked={picked.has(key) && row.reasons.length === 0}
                disabled={row.reasons.length > 0}
                {...(row.reasons.length > 0 ? { describedBy: reasonId } : {})}
                onChange={(on) => {
                  const next = new Set(picked)
                  if (on) next.add(key)
                  else next.delete(key)
                  onPicked(next)
                }}
              />
              {row.reasons.length > 0 ? (
                <p className="variants-dialog__why" id={reasonId}>
                  {row.reasons.join(' ')}
                </p>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** What was not made, and why. */
export function SkippedList({ skipped }: { skipped: readonly { name: string; reasons: string[] }[] }) {
  if (skipped.length === 0) return null
  return (
    <ul className="variants-dialog__skipped" aria-label="Not made">
      {skipped.map((item) => (
        <li key={item.name}>
          <strong>{item.name}</strong>: {item.reasons.join(' ')}
        </li>
      ))}
    </ul>
  )
}
