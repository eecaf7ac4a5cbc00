import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createVariantsHandlers } from '../../../src/main/bulk/variantHandlers'
import type { BulkStep } from '../../../src/main/bulk/bulkSteps'
import { createDraftsService } from '../../../src/main/drafts/draftsService'
import { emptyCardContent, newComponent, type CardContent } from '../../../src/shared/creatives/card'
import type { LibraryMediaRef } from '../../../src/shared/creatives/media'
import { combinationCount, crossProduct, valueTag, variantName } from '../../../src/shared/drafts/variants'
import { useTempDirs } from '../drafts/helpers'

const tempDir = useTempDirs()
const dialogs = { chooseExportPath: async () => null, chooseImportFile: async () => null }

const image = (mediaKey: string): LibraryMediaRef => ({ source: 'library', mediaKey, mediaType: 'IMAGE' })

function springCard(): CardContent {
  const card = emptyCardContent()
  const [media, details] = card.components as [
    Extract<CardContent['components'][number], { type: 'MEDIA' }>,
    Extract<CardContent['components'][number], { type: 'DETAILS' }>,
  ]
  return {
    ...card,
    name: 'Spring',
    components: [
      { ...media, media: image('3_111') },
      { ...details, title: 'Fresh flowers', destination: { type: 'WEBSITE', url: 'https://example.com/a' } },
    ],
  }
}

async function open(dataDir: string, steps: BulkStep[] = []) {
  const drafts = createDraftsService({ dataDir, dialogs })
  const handlers = createVariantsHandlers(drafts, dataDir, { record: async (step) => void steps.push(step) })
  await drafts.ready
  return { drafts, handlers }
}

async function withSource(content: unknown = springCard()) {
  const dataDir = await tempDir()
  const steps: BulkStep[] = []
  const { drafts, handlers } = await open(dataDir, steps)
  const source = await drafts.store.create('card', 'Spring', content)
  return { dataDir, drafts, handlers, source, steps }
}

describe('combinations and names', () => {
  it('crosses every value of every variable, the first variable slowest', () => {
    expect(crossProduct([2, 3])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 0],
      [1, 1],
      [1, 2],
    ])
    expect(combinationCount([2, 3, 4])).toBe(24)
    expect(crossProduct([3, 0])).toEqual([])
    expect(crossProduct([])).toEqual([[]])
  })

  it('names a variant by the group and each varied part', () => {
    expect(variantName('Spring', ['headline B', 'image 2'])).toBe('Spring · headline B · image 2')
    expect(variantName('  ', [])).toBe('Variant')
    expect([0, 1, 25, 26, 27].map((index) => valueTag('letter', index))).toEqual(['A', 'B', 'Z', 'AA', 'AB'])
    expect(valueTag('number', 1)).toBe('2')
    expect(valueTag('word', 3, 'Shop')).toBe('Shop')
  })
})

describe('making variants', () => {
  it('offers the fields the card has, with its values and media', async () => {
    const { handlers, source, drafts } = await withSource()
    const { fields, media } = await handlers['variants.fields']({ draftId: source.id })
    expect(fields.map((field) => field.key)).toEqual(['card_title', 'card_url', 'media'])
    expect(fields[0]).toMatchObject({ label: 'Headline', current: 'Fresh flowers', type: 'text' })
    expect(media).toEqual([image('3_111')])
    // A card with a button offers its label, as a choice of the platform's labels.
    const withButton = springCard()
    withButton.components.push({ ...newComponent('BUTTON') })
    const other = await drafts.store.create('card', 'App', withButton)
    const label = (await handlers['variants.fields']({ draftId: other.id })).fields.find(
      (field) => field.key === 'button_label',
    )
    expect(label?.choices?.map((choice) => choice.label)).toContain('Shop')
    await drafts.close()
  })

  it('previews the cross product, named, with the combinations that break a rule and why', async () => {
    const { handlers, source, drafts } = await withSource()
    const { rows } = await handlers['variants.preview']({
      draftId: source.id,
      base: 'Spring',
      variables: [
        { key: 'card_url', values: ['https://example.com/a', 'example.com/b'] },
        { key: 'media', values: [image('3_111'), image('3_222')] },
      ],
    })
    expect(rows.map((row) => row.name)).toEqual([
      'Spring · URL A · image 1',
      'Spring · URL A · image 2',
      'Spring · URL B · image 1',
      'Spring · URL B · image 2',
    ])
    expect(rows.map((row) => row.reasons)).toEqual([
      [],
      [],
      ['Website URL must be a web address starting with https:// or http://'],
      ['Website URL must be a web address starting with https:// or http://'],
    ])
    await drafts.close()
  })

  it('makes only the chosen valid combinations, as named drafts in a group, in one step', async () => {
    const { handlers, source, drafts, steps } = await withSource()
    const answer = await handlers['variants.generate']({
      draftId: source.id,
      base: 'Spring',
      variables: [
        { key: 'card_title', values: ['Fresh flowers', 'Tulips'] },
        { key: 'card_url', values: ['https://example.com/b', 'ftp://example.com'] },
      ],
      picks: [
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    })
    expect(answer.skipped).toEqual([
      { name: 'Spring · headline B · URL B', reasons: [expect.stringMatching(/https:\/\//)] },
    ])
    expect(answer.group).toMatchObject({ name: 'Spring', sourceDraftId: source.id })
    expect(answer.group.draftIds).toHaveLength(2)
    const made = await Promise.all(answer.group.draftIds.map((id) => drafts.get(id)))
    expect(made.map((draft) => draft.name)).toEqual([
      'Spring · headline B · URL A',
      'Spring · headline A · URL A',
    ])
    const content = made[0]!.content as CardContent
    // The creative's own name follows the draft's.
    expect(content.name).toBe('Spring · headline B · URL A')
    expect(content.components[1]).toMatchObject({
      title: 'Tulips',
      destination: { url: 'https://example.com/b' },
    })
    expect(steps).toEqual([
      { kind: 'variants', label: 'Made 2 variants of “Spring”', before: [], created: answer.group.draftIds },
    ])
    await drafts.close()
  })

  it('refuses a variable the draft does not have, and more than 500 variants', async () => {
    const { handlers, source, drafts } = await withSource()
    const base = { draftId: source.id, base: 'Spring' }
    await expect(
      handlers['variants.preview']({ ...base, variables: [{ key: 'post_text', values: ['a'] }] }),
    ).rejects.toThrow(/no field “post_text”/)
    const many = Array.from({ length: 26 }, (_, index) => `Title ${index}`)
    await expect(
      handlers['variants.preview']({
        ...base,
        variables: [
          { key: 'card_title', values: many },
          { key: 'card_url', values: many.map((_, index) => `https://example.com/${index}`) },
        ],
      }),
    ).rejects.toThrow(/676 variants; at most 500/)
    await drafts.close()
  })
})

describe('groups', () => {
  it('keeps a group across a restart, without its deleted drafts', async () => {
    const { dataDir, handlers, source, drafts } = await withSource()
    const { group } = await handlers['variants.generate']({
      draftId: source.id,
      base: 'Spring',
      variables: [{ key: 'card_title', values: ['A one', 'B one', 'C one'] }],
      picks: [[0], [1], [2]],
    })
    await drafts.remove(group.draftIds[0]!)
    await drafts.close()

    const again = await open(dataDir)
    const { groups } = await again.handlers['draftGroups.list']({})
    expect(groups).toEqual([
      { ...group, draftIds: group.draftIds.slice(1), names: ['Spring · headline B', 'Spring · headline C'] },
    ])
    await again.drafts.close()
  })

  it('starts again from a damaged groups file, keeping it aside', async () => {
    const { dataDir, drafts } = await withSource()
    await drafts.close()
    await mkdir(join(dataDir, 'groups'), { recursive: true })
    await writeFile(join(dataDir, 'groups', 'groups.json'), '{"version":')
    const again = await open(dataDir)
    expect(await again.handlers['draftGroups.list']({})).toEqual({ groups: [] })
    expect(
      (await readdir(join(dataDir, 'groups'))).some((name) => name.startsWith('groups.json.damaged-')),
    ).toBe(true)
    await again.drafts.close()
  })

  it('sets a shared field on every draft of the group in one step, skipping those it would break', async () => {
    const { handlers, source, drafts, steps } = await withSource()
    const { group } = await handlers['variants.generate']({
      draftId: source.id,
      base: 'Spring',
      variables: [{ key: 'card_title', values: ['Short', 'x'.repeat(60)] }],
      picks: [[0], [1]],
    })
    const fields = await handlers['draftGroups.fields']({ groupId: group.id })
    expect(fields.fields.find((field) => field.key === 'card_title')).toMatchObject({
      mixed: true,
      current: null,
    })
    expect(fields.fields.find((field) => field.key === 'card_url')).toMatchObject({
      current: 'https://example.com/a',
    })

    const setTitle = await handlers['draftGroups.setField']({
      groupId: group.id,
      key: 'card_title',
      value: 'y'.repeat(65),
    })
    expect(setTitle).toEqual({ applied: 2, skipped: [] })
    const refused = await handlers['draftGroups.setField']({
      groupId: group.id,
      key: 'card_url',
      value: 'not a url',
    })
    expect(refused.applied).toBe(0)
    expect(refused.skipped).toHaveLength(2)
    expect(refused.skipped[0]!.reasons[0]).toMatch(/URL|url|address/)

    await drafts.store.setStatus(group.draftIds[1]!, 'published', { cardUri: 'card://1' })
    const url = await handlers['draftGroups.setField']({
      groupId: group.id,
      key: 'card_url',
      value: 'https://example.com/summer',
    })
    expect(url.applied).toBe(1)
    expect(url.skipped).toEqual([
      { name: 'Spring · headline B', reasons: [expect.stringMatching(/published/)] },
    ])
    const first = (await drafts.get(group.draftIds[0]!)).content as CardContent
    expect(first.components[1]).toMatchObject({ destination: { url: 'https://example.com/summer' } })
    expect(steps.map((step) => [step.kind, step.label, step.before.length])).toEqual([
      ['variants', 'Made 2 variants of “Spring”', 0],
      ['edit', 'Set Headline on 2 drafts of “Spring”', 2],
      ['edit', 'Set Destination URL on 1 draft of “Spring”', 1],
    ])
    const onDisk = JSON.parse(
      await readFile(join(drafts.store.dir, 'drafts', `${group.draftIds[0]}.json`), 'utf8'),
    )
    expect(onDisk.content.components[1].destination.url).toBe('https://example.com/summer')
    await drafts.close()
  })
})
