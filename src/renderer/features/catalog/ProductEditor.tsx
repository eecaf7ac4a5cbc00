import { Dialog } from 'radix-ui'
import { useOpenerFocus } from '../../lib/useOpenerFocus'
import { Fragment, useMemo, useRef, useState } from 'react'
import {
  PRODUCT_FIELD_LABELS,
  PRODUCT_FIELDS,
  REQUIRED_PRODUCT_FIELDS,
  validateProduct,
  type Product,
  type ProductField,
} from '../../../shared/catalog/product'
import type { IssueView, ProductRow } from '../../../shared/ipc/contracts/catalogs'
import { plural } from '../../../shared/rules/issues'
import { LIMITS } from '../../../shared/rules/limits'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { Select } from '../../components/Select'
import { studio, unwrap } from '../../lib/ipc'
import { failureOf, type Failure } from '../../lib/failures'
import { Field } from '../../components/Field'
import type { FieldMessage } from '../../components/Field'
import { LengthCounter } from '../../components/LengthCounter'
import { DialogCloseButton } from '../../components/DialogCloseButton'
import { useProductImage } from './productImageClient'
import { ImagePreview } from './ProductThumb'

type Section = { title: string; fields: ProductField[] }

const SECTIONS: Section[] = [
  { title: 'Product', fields: ['id', 'title', 'description'] },
  {
    title: 'Offer',
    fields: ['price', 'sale_price', 'sale_price_effective_date', 'availability', 'condition', 'inventory'],
  },
  { title: 'Links and images', fields: ['link', 'mobile_link', 'image_link', 'additional_image_link'] },
  { title: 'Identifiers', fields: ['brand', 'gtin', 'mpn'] },
  { title: 'Variants', fields: ['item_group_id', 'size', 'color', 'gender', 'age_group'] },
  {
    title: 'Taxonomy and labels',
    fields: [
      'product_type',
      'google_product_category',
      'custom_label_0',
      'custom_label_1',
      'custom_label_2',
      'custom_label_3',
      'custom_label_4',
    ],
  },
]

const CHOICES: Partial<Record<ProductField, readonly string[]>> = {
  availability: LIMITS.product.availability.values,
  condition: LIMITS.product.condition.values,
  gender: LIMITS.product.gender.values,
  age_group: LIMITS.product.ageGroup.values,
}

const HINTS: Partial<Record<ProductField, string>> = {
  price: 'A number, a space and a currency code: 19.99 USD',
  sale_price_effective_date: 'Start/end with time and zone: 2026-03-01T00:00+01:00/2026-03-31T23:59+01:00',
  image_link: `JPG, GIF, WEBP or PNG, at least ${LIMITS.product.imageMinSide.value}×${LIMITS.product.imageMinSide.value} px, up to ${LIMITS.product.imageMaxMegabytes.value} MB. Ads Studio reads it when it can reach it; the platform checks it when it receives the product.`,
  additional_image_link: `Up to ${LIMITS.product.additionalImages.value} addresses, separated by commas`,
  brand: 'Give a brand, a GTIN or an MPN',
  product_type: 'Levels separated by “ > ”, e.g. Apparel > Shoes',
}

const NONE = '__none__'

const isProductField = (field: string | undefined): field is ProductField =>
  PRODUCT_FIELDS.includes(field as ProductField)

export interface EditorTarget {
  product: Product
  isNew: boolean
  /** What the platform last said about it. */
  messages?: IssueView[]
}

/**
 * The product form: every field of the spec's product table, checked live with the same rules
 * main applies before sending. Saving queues the product in the outbox (or, for a product the
 * platform refused in a job not yet retried, keeps it for "Re-send").
 */
export function ProductEditor({
  profileId,
  target,
  onClose,
  onSaved,
}: {
  profileId: string
  target: EditorTarget
  onClose(): void
  onSaved(row: ProductRow, jobId?: string): void
}) {
  const [product, setProduct] = useState<Product>(target.product)
  const [touched, setTouched] = useState<Set<string>>(
    () => new Set(target.isNew ? [] : Object.keys(target.product)),
  )
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  const issues = useMemo(() => validateProduct(product), [product])
  const serverMessages = target.messages?.filter((message) => message.severity === 'error') ?? []
  // Each refusal about a field is shown on that field (messageOf); the banner names those fields
  // rather than saying it twice, and carries only what concerns the whole product.
  const refusedOnFields = [...new Set(serverMessages.map(({ field }) => field).filter(isProductField))]
  const refusedWhole = serverMessages.filter(({ field }) => !isProductField(field))
  // Main reads the image (A:30, A:192) once its address is left (on blur) and follows the rules.
  const [imageAddress, setImageAddress] = useState(target.product.image_link)
  const imageRulesOk = !issues.some((issue) => issue.path[0] === 'image_link' && issue.severity === 'error')
  const image = useProductImage(profileId, imageRulesOk ? imageAddress : undefined, true)
  const imageIssues =
    image.state === 'ready' && imageAddress === product.image_link ? (image.view.check?.issues ?? []) : []
  const imageIssue = imageIssues.find((issue) => issue.severity === 'error') ?? imageIssues[0]
  const sheetRef = useRef<HTMLDivElement>(null)
  const openerFocus = useOpenerFocus()
  const showField = (field: ProductField) => {
    const control = sheetRef.current?.querySelector<HTMLElement>(`[data-product-field="${field}"]`)
    control?.scrollIntoView?.({ block: 'center' })
    control?.focus()
  }

  const messageOf = (field: ProductField): FieldMessage | undefined => {
    if (failure?.field === field) return { text: failure.message, severity: 'error' }
    const here = issues.filter((issue) => issue.path[0] === field)
    const issue = here.find((candidate) => candidate.severity === 'error') ?? here[0]
    if (issue && (issue.code !== 'required' || touched.has(field)))
      return { text: issue.message, severity: issue.severity }
    const imageNote = field === 'image_link' ? imageIssue : undefined
    if (imageNote?.severity === 'error') return { text: imageNote.message, severity: 'error' }
    const server = target.messages?.find((message) => message.field === field)
    if (server && product[field] === target.product[field])
      return { text: `Platform: ${server.message}`, severity: server.severity }
    // An image Ads Studio could not read: a warning, after anything the platform said.
    return imageNote ? { text: imageNote.message, severity: imageNote.severity } : undefined
  }

  const set = (field: ProductField, raw: string) => {
    setFailure(null)
    setProduct((current) => {
      const next = { ...current } as Record<string, unknown>
      if (raw === '') delete next[field]
      else if (field === 'inventory') next[field] = /^-?\d+$/.test(raw) ? Number(raw) : raw
      else next[field] = raw
      return next as Product
    })
  }

  const errors = issues.filter((issue) => issue.severity === 'error')
  // A field the platform refused is still a problem while it holds what the platform saw
  // (messageOf shows the refusal on it), unless the local rules already count it.
  const ruleFields = new Set(errors.map((issue) => String(issue.path[0])))
  const refusedFields = new Set(
    serverMessages.flatMap(({ field }) =>
      field !== undefined &&
      !ruleFields.has(field) &&
      (product as Record<string, unknown>)[field] === (target.product as Record<string, unknown>)[field]
        ? [field]
        : [],
    ),
  )
  const imageError = imageIssue?.severity === 'error' && !ruleFields.has('image_link') ? 1 : 0
  const problems = errors.length + refusedFields.size + imageError
  const save = async () => {
    setTouched(new Set(REQUIRED_PRODUCT_FIELDS))
    if (errors.length > 0 || imageError > 0) return
    setSaving(true)
    try {
      const result = await unwrap(studio().catalog.saveProduct({ profileId, product, isNew: target.isNew }))
      onSaved(result.row, result.jobId)
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          ref={sheetRef}
          className="sheet"
          data-testid="product-editor"
          aria-describedby={undefined}
          {...openerFocus}
        >
          <header className="sheet__header">
            <Dialog.Title className="dialog__title">
              {target.isNew ? 'New product' : `Edit ${target.product.title || target.product.id}`}
            </Dialog.Title>
            <DialogCloseButton />
          </header>
          <div className="sheet__body">
            {serverMessages.length > 0 ? (
              <Banner tone="error">
                The platform refused this product
                {refusedWhole.length > 0
                  ? `: ${refusedWhole.map((message) => message.message).join(' · ')}`
                  : ''}
                .
                {refusedOnFields.length > 0 ? (
                  <>
                    {' '}
                    See what it said under{' '}
                    {refusedOnFields.map((field, index) => (
                      <Fragment key={field}>
                        {index === 0 ? '' : index === refusedOnFields.length - 1 ? ' and ' : ', '}
                        <button
                          type="button"
                          className="link-button"
                          onClick={() => showField(field)}
                          data-testid={`refused-field-${field}`}
                        >
                          {PRODUCT_FIELD_LABELS[field]}
                        </button>
                      </Fragment>
                    ))}
                    .
                  </>
                ) : null}
              </Banner>
            ) : null}
            {failure && !failure.field ? <Banner tone="error">{failure.message}</Banner> : null}
            {SECTIONS.map((section) => (
              <fieldset key={section.title} className="product-form__section">
                <legend className="product-form__legend">{section.title}</legend>
                <div className="product-form__grid">
                  {section.fields.map((field) => {
                    const label = `${PRODUCT_FIELD_LABELS[field]}${REQUIRED_PRODUCT_FIELDS.includes(field) ? '' : ' (optional)'}`
                    const value = product[field] === undefined ? '' : String(product[field])
                    const message = messageOf(field)
                    const choices = CHOICES[field]
                    const wide = [
                      'title',
                      'description',
                      'link',
                      'image_link',
                      'additional_image_link',
                      'mobile_link',
                      'sale_price_effective_date',
                    ].includes(field)
                    if (choices) {
                      return (
                        <div className="field" key={field}>
                          <span className="field__label" id={`label-${field}`}>
                            {label}
                          </span>
                          <Select
                            aria-labelledby={`label-${field}`}
                            value={value || (REQUIRED_PRODUCT_FIELDS.includes(field) ? null : NONE)}
                            placeholder="Choose…"
                            onChange={(next) => {
                              setTouched((current) => new Set(current).add(field))
                              set(field, next === NONE ? '' : next)
                            }}
                            options={[
                              ...(REQUIRED_PRODUCT_FIELDS.includes(field)
                                ? []
                                : [{ value: NONE, label: 'Not set' }]),
                              ...choices.map((choice) => ({ value: choice, label: choice })),
                            ]}
                            aria-invalid={message?.severity === 'error' ? true : undefined}
                            aria-describedby={message ? `message-${field}` : undefined}
                            data-testid={`product-${field}`}
                            data-product-field={field}
                          />
                          {message ? (
                            <p
                              id={`message-${field}`}
                              className={message.severity === 'error' ? 'field__error' : 'field__warning'}
                            >
                              {message.text}
                            </p>
                          ) : null}
                        </div>
                      )
                    }
                    const limit =
                      field === 'title' || field === 'description' ? LIMITS.product[field].max : undefined
                    const input = (
                      <Field
                        key={field}
                        className={wide ? 'product-form__wide' : undefined}
                        label={label}
                        value={value}
                        multiline={field === 'description'}
                        readOnly={field === 'id' && !target.isNew}
                        inputMode={field === 'inventory' ? 'numeric' : undefined}
                        message={message}
                        hint={
                          field === 'id' && !target.isNew
                            ? 'The ID is the product’s key on the platform and cannot change'
                            : HINTS[field]
                        }
                        aside={limit !== undefined ? <LengthCounter value={value} max={limit} /> : undefined}
                        onChange={(event) => set(field, event.target.value)}
                        onBlur={() => {
                          setTouched((current) => new Set(current).add(field))
                          if (field === 'image_link') setImageAddress(product.image_link)
                        }}
                        data-testid={`product-${field}`}
                        data-product-field={field}
                      />
                    )
                    if (field !== 'image_link') return input
                    return (
                      <Fragment key={field}>
                        {input}
                        <ImagePreview image={image} />
                      </Fragment>
                    )
                  })}
                </div>
              </fieldset>
            ))}
          </div>
          <footer className="sheet__footer">
            <span className="muted" aria-live="polite">
              {problems > 0 ? `${plural(problems, 'problem')} to fix` : 'Ready to send'}
            </span>
            <div className="actions">
              <Dialog.Close asChild>
                <Button>Cancel</Button>
              </Dialog.Close>
              <Button variant="primary" busy={saving} onClick={() => void save()} data-testid="product-save">
                {target.isNew ? 'Add and send' : 'Save'}
              </Button>
            </div>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
