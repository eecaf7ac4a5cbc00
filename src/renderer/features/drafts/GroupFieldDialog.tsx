import { Dialog } from 'radix-ui'
import { useEffect, useState } from 'react'
import type { MediaRef } from '../../../shared/creatives/media'
import type { DraftGroup, VariantField, VariantValue } from '../../../shared/ipc/contracts/variants'
import { plural } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { DialogActions } from '../../components/DialogActions'
import { DialogTitleBar } from '../../components/DialogTitleBar'
import { Field } from '../../components/Field'
import { SelectField } from '../../components/SelectField'
import { studio, unwrap } from '../../lib/ipc'
import { readFields } from '../../kits/variants/readFields'
import { messageOf } from '../../lib/failures'
import { inSentence, mediaWords, sameValue } from '../../kits/variants/ValueEditors'
import { SkippedList } from '../../kits/variants/VariantsDialog'

/**
 * Sets one field on every draft of a group at once ("Edit shared field…"): main checks each
 * draft with the editors' rules, changes those it may in one step and names the others.
 */
export function GroupFieldDialog({
  group,
  onClose,
  onDone,
}: {
  group: DraftGroup | null
  onClose(): void
  onDone(text: string, tone: 'success' | 'info'): void
}) {
  const [fields, setFields] = useState<VariantField[] | null>(null)
  const [media, setMedia] = useState<MediaRef[]>([])
  const [key, setKey] = useState<string | null>(null)
  const [value, setValue] = useState<VariantValue | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [skipped, setSkipped] = useState<{ name: string; reasons: string[] }[]>([])
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    setFields(null)
    setKey(null)
    setValue(null)
    setProblem(null)
    setSkipped([])
    if (!group) return
    return readFields(unwrap(studio().draftGroups.fields({ groupId: group.id })), {
      fields: setFields,
      media: setMedia,
      problem: setProblem,
    })
  }, [group])

  const field = fields?.find((candidate) => candidate.key === key)
  const choose = (next: string) => {
    setKey(next)
    const chosen = fields?.find((candidate) => candidate.key === next)
    setValue(chosen?.mixed ? (chosen.type === 'text' ? '' : null) : (chosen?.current ?? null))
    setSkipped([])
  }

  const apply = async () => {
    if (!group || !key || value === null) return
    setBusy(true)
    setProblem(null)
    try {
      const result = await unwrap(studio().draftGroups.setField({ groupId: group.id, key, value }))
      if (result.skipped.length > 0 && result.applied === 0) {
        setSkipped(result.skipped)
        setProblem(`No draft was changed: each one this value would break is listed below.`)
        return
      }
      onDone(
        `${field?.label ?? 'The field'} set on ${plural(result.applied, 'draft')} of “${group.name}”.${
          result.skipped.length > 0
            ? ` Not changed: ${result.skipped.map((item) => `${item.name} (${item.reasons.join(' ')})`).join('; ')}`
            : ''
        }`,
        result.skipped.length > 0 ? 'info' : 'success',
      )
    } catch (failure) {
      setProblem(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const mediaIndex =
    value !== null && typeof value !== 'string' ? media.findIndex((ref) => sameValue(ref, value)) : -1
  return (
    <Dialog.Root open={group !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay variants-overlay" />
        {group ? (
          <Dialog.Content className="dialog dialog--wide variants-dialog" data-testid="group-field-dialog">
            <DialogTitleBar>Edit “{group.name}”</DialogTitleBar>
            <Dialog.Description className="dialog__description">
              Sets one field on all {plural(group.draftIds.length, 'draft')} of the group. A draft the value
              would break, or one that is published or being published, is left as it is.
            </Dialog.Description>
            <form
              className="variants-dialog__body"
              onSubmit={(event) => {
                event.preventDefault()
                void apply()
              }}
            >
              {fields === null && !problem ? <p className="muted">Reading the group…</p> : null}
              {fields ? (
                <SelectField
                  label="Field"
                  value={key}
                  placeholder="Choose a field"
                  options={fields.map((option) => ({ value: option.key, label: option.label }))}
                  onChange={choose}
                  hint={field?.mixed ? 'The drafts have different values now.' : undefined}
                />
              ) : null}
              {field?.type === 'text' ? (
                <Field
                  label={`New ${inSentence(field.label)}`}
                  value={typeof value === 'string' ? value : ''}
                  onChange={(event) => setValue(event.target.value)}
                />
              ) : null}
              {field?.type === 'choice' ? (
                <SelectField
                  label={`New ${inSentence(field.label)}`}
                  value={typeof value === 'string' ? value : null}
                  placeholder="Choose"
                  options={(field.choices ?? []).map((choice) => ({
                    value: choice.value,
                    label: choice.label,
                  }))}
                  onChange={setValue}
                />
              ) : null}
              {field?.type === 'media' ? (
                <SelectField
                  label="New medium"
                  value={mediaIndex >= 0 ? String(mediaIndex) : null}
                  placeholder="Choose one of the group’s media"
                  options={media.map((ref, index) => ({ value: String(index), label: mediaWords(ref) }))}
                  onChange={(index) => setValue(media[Number(index)] ?? null)}
                />
              ) : null}
              {problem ? <Banner tone="error">{problem}</Banner> : null}
              <SkippedList skipped={skipped} />
              <DialogActions>
                <Button
                  type="submit"
                  variant="primary"
                  busy={busy}
                  disabled={!field || value === null}
                  data-testid="group-field-apply"
                >
                  Set on {plural(group.draftIds.length, 'draft')}
                </Button>
              </DialogActions>
            </form>
          </Dialog.Content>
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  )
}
