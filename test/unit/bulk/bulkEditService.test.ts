import { describe, expect, it } from 'vitest'
import { emptyContent } from '../../../src/shared/creatives/content'
import type { CardContent } from '../../../src/shared/creatives/card'
import type { PollCardContent } from '../../../src/shared/creatives/pollCard'
import type { PostContent } from '../../../src/shared/creatives/post'
import { CURRENT_DRAFT_SCHEMA_VERSION, type Draft, type DraftKind } from '../../../src/shared/drafts/envelope'
import { createBulkEditService, type BulkDraftsPort } from '../../../src/main/bulk/bulkEditService'
import type { BulkStep } from '../../../src/main/bulk/bulkSteps'

let counter = 0
function draft(kind: DraftKind, content: unknown, extra: Partial<Draft> = {}): Draft {
  counter++
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    kind,
    name: `Draft ${counter}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
    status: 'draft',
    content,
    ...extra,
  }
}
const post = (text: string, extra: Partial<Draft> = {}) =>
  draft('post', { ...emptyContent('post'), text, name: 'Spring post' } as PostContent, extra)
const poll = (choices: string[]) =>
  draft('poll_card', { ...emptyContent('poll_card'), name: 'Poll', choices } as PollCardContent)
function card(url: string): Draft {
  const content = emptyContent('card') as CardContent
  const components = content.components.map((component) =>
    component.type === 'DETAILS'
      ? { ...component, title: 'Spring shoes', destination: { type: 'WEBSITE' as const, url } }
      : component,
  )
  return draft('card', { ...content, name: 'Shoes', components })
}

/** Drafts in memory, as the drafts service would keep them; `failOn` makes one save throw. */
function memoryDrafts(drafts: Draft[], failOn?: string) {
  const byId = new Map(drafts.map((item) => [item.id, structuredClone(item)]))
  let clock = 0
  const port: BulkDraftsPort = {
    find: async (id) => structuredClone(byId.get(id)),
    allIds: async () => [...byId.keys()],
    index: async () =>
      new Map([...byId.values()].map((item) => [item.id, { kind: item.kind, updatedAt: item.updatedAt }])),
    update: async (id, patch) => {
      if (id === failOn && patch.name === undefined) throw new Error('The disk is full.')
      const current = byId.get(id)!
      byId.set(id, {
        ...current,
        ...patch,
        updatedAt: `2026-02-01T00:00:${String(++clock).padStart(2, '0')}Z`,
      })
    },
    flush: async () => undefined,
  }
  return { port, byId }
}

function recording() {
  const steps: BulkStep[] = []
  return { steps, recorder: { record: async (step: BulkStep) => void steps.push(step) } }
}

describe('bulk edit service', () => {
  it('shows a common value, and null (Mixed) where the drafts differ', async () => {
    const a = post('Hello')
    const b = post('Hello')
    const c = post('Bye')
    const { port } = memoryDrafts([a, b, c])
    const service = createBulkEditService({ drafts: port })
    const same = await service.fields([a.id, b.id])
    expect(same.fields.find((field) => field.column === 'post_text')?.value).toBe('Hello')
    const mixed = await service.fields([a.id, c.id])
    expect(mixed.fields.find((field) => field.column === 'post_text')?.value).toBeNull()
    expect(mixed.fields.find((field) => field.column === 'creative_name')?.value).toBe('Spring post')
  })

  it('stops reading drafts once every field differs', async () => {
    const many = Array.from({ length: 50 }, (_, index) => (index % 2 ? post('x') : poll(['Yes', 'No'])))
    many.forEach((item, index) => {
      item.name = `Draft ${index}`
      ;(item.content as { name: string }).name = `Creative ${index}`
    })
    const { port } = memoryDrafts(many)
    let reads = 0
    const counted = { ...port, find: (id: string) => (reads++, port.find(id)) }
    const { count, fields } = await createBulkEditService({ drafts: counted }).fields(
      many.map((item) => item.id),
    )
    expect(count).toBe(50)
    expect(fields).toEqual([
      { column: 'name', label: 'Draft name', numeric: false, value: null },
      { column: 'creative_name', label: 'Creative name', numeric: false, value: null },
    ])
    expect(reads).toBe(2)
  })

  it('offers only the fields every selected kind has', async () => {
    const a = post('x')
    const b = poll(['Yes', 'No'])
    const { port } = memoryDrafts([a, b])
    const fields = (await createBulkEditService({ drafts: port }).fields([a.id, b.id])).fields
    expect(fields.map((field) => field.column)).toEqual(['name', 'creative_name'])
  })

  it('sets a field on every draft as one recorded step', async () => {
    const a = post('One')
    const b = post('Two')
    const { port, byId } = memoryDrafts([a, b])
    const { steps, recorder } = recording()
    const service = createBulkEditService({ drafts: port, recorder })
    const preview = await service.preview(
      { ids: [a.id, b.id] },
      { type: 'set', column: 'post_text', value: 'Same' },
    )
    expect(preview.counts).toMatchObject({ changed: 2, refused: 0 })
    expect(preview.items[0]?.changes).toEqual([
      { column: 'post_text', label: 'Post text', before: 'One', after: 'Same' },
    ])
    // Nothing is written by a preview.
    expect((byId.get(a.id)!.content as PostContent).text).toBe('One')
    expect(await service.apply(preview.token)).toEqual({ applied: 2, skipped: [] })
    expect((byId.get(b.id)!.content as PostContent).text).toBe('Same')
    expect(steps).toHaveLength(1)
    expect(steps[0]).toMatchObject({ kind: 'edit', label: 'Set Post text on 2 drafts', created: [] })
    expect(steps[0]!.before.map((item) => (item.content as PostContent).text)).toEqual(['One', 'Two'])
  })

  it('lists a draft that would break a rule and skips it whole; the rest apply', async () => {
    const short = poll(['Spring', 'No'])
    const long = poll(['Spring flowers for you', 'No'])
    const { port, byId } = memoryDrafts([short, long])
    const service = createBulkEditService({ drafts: port })
    const again = await service.preview(
      { all: true },
      {
        type: 'replace',
        groups: ['text'],
        find: 'spring',
        replace: 'Summer holidays',
        mode: 'word',
        caseSensitive: false,
      },
    )
    expect(again.counts).toMatchObject({ changed: 1, refused: 1 })
    expect(again.skipped[0]).toMatchObject({ id: long.id })
    expect(again.skipped[0]!.reasons.join(' ')).toMatch(/25/)
    await service.apply(again.token)
    expect((byId.get(short.id)!.content as PollCardContent).choices).toEqual(['Summer holidays', 'No'])
    expect(byId.get(long.id)).toEqual(long)
  })

  it('skips a draft in the outbox', async () => {
    const queued = post('Spring', { status: 'queued' })
    const { port } = memoryDrafts([queued])
    const preview = await createBulkEditService({ drafts: port }).preview(
      { ids: [queued.id] },
      { type: 'set', column: 'post_text', value: 'Summer' },
    )
    expect(preview.counts.refused).toBe(1)
    expect(preview.skipped[0]!.reasons[0]).toMatch(/outbox/)
  })

  it('refuses a bad regular expression on the find field', async () => {
    const { port } = memoryDrafts([post('x')])
    await expect(
      createBulkEditService({ drafts: port }).preview(
        { all: true },
        { type: 'replace', groups: ['text'], find: '([', replace: '', mode: 'regex', caseSensitive: false },
      ),
    ).rejects.toMatchObject({
      field: 'find',
      message: expect.stringMatching(/^This is not a regular expression Ads Studio can use \(Unterminated/),
    })
  })

  it('adds, changes and removes a URL parameter across the URLs', async () => {
    const plain = card('https://shop.example/shoes')
    const tagged = card('https://shop.example/?utm_campaign=winter')
    const { port, byId } = memoryDrafts([plain, tagged])
    const service = createBulkEditService({ drafts: port })
    const urlOf = (id: string) =>
      (byId.get(id)!.content as CardContent).components.flatMap((component) =>
        component.type === 'DETAILS' ? [component.destination.url] : [],
      )[0]
    const set = await service.preview(
      { all: true },
      { type: 'urlParam', name: 'utm_campaign', value: 'spring' },
    )
    expect(set.counts.changed).toBe(2)
    await service.apply(set.token)
    expect(urlOf(plain.id)).toBe('https://shop.example/shoes?utm_campaign=spring')
    expect(urlOf(tagged.id)).toBe('https://shop.example/?utm_campaign=spring')
    const removed = await service.preview(
      { all: true },
      { type: 'urlParam', name: 'utm_campaign', value: null },
    )
    await service.apply(removed.token)
    expect(urlOf(plain.id)).toBe('https://shop.example/shoes')
  })

  it('puts back the drafts already saved when one save fails: nothing half-applied', async () => {
    const a = post('Spring')
    const b = post('Spring')
    const { port, byId } = memoryDrafts([a, b], b.id)
    const { steps, recorder } = recording()
    const service = createBulkEditService({ drafts: port, recorder })
    const preview = await service.preview(
      { all: true },
      { type: 'set', column: 'post_text', value: 'Summer' },
    )
    await expect(service.apply(preview.token)).rejects.toThrow(/Nothing was changed/)
    expect((byId.get(a.id)!.content as PostContent).text).toBe('Spring')
    expect(steps).toEqual([])
  })

  it('leaves alone a draft edited after the preview', async () => {
    const a = post('Spring')
    const { port } = memoryDrafts([a])
    const service = createBulkEditService({ drafts: port })
    const preview = await service.preview(
      { all: true },
      { type: 'set', column: 'post_text', value: 'Summer' },
    )
    await port.update(a.id, { name: 'Renamed' })
    const result = await service.apply(preview.token)
    expect(result.applied).toBe(0)
    expect(result.skipped[0]?.reason).toMatch(/edited after the preview/)
    await expect(service.apply(preview.token)).rejects.toThrow(/no longer current/)
  })
})
