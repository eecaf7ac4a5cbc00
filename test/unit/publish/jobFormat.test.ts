import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { DraftJobV1, OperationJobV1 } from '../../../src/main/publish/jobFormat'
import { createJobStore, lastJobRecord } from '../../../src/main/publish/jobStore'
import { createOutbox } from '../../../src/main/publish/outbox'
import type { Draft } from '../../../src/shared/drafts/envelope'
import { writeJobFileV1 } from '../../support/jobFiles'
import { localMedium, pngOf } from '../../support/mediaFixtures'
import { singleCard } from '../../integration/publish/fixtures'
import { createFakeAds, fakeAccess, memoryDrafts } from './fakeAds'

/**
 * Job files the previous version (schema 1) left on a designer's disk: a draft job with its draft
 * fields at the top level and steps without an executor name, and an operation job. They load as
 * today's one kind of job and resume where they stopped.
 */

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'job-format-'))
  dirs.push(dir)
  return dir
}

/** A card draft's job as version 1 wrote it, stopped by a crash while adding its image to the library. */
function cardJobV1(draft: Draft, sha256: string): DraftJobV1 {
  return {
    schema: 1,
    type: 'draft',
    id: '40000000-0000-4000-8000-000000000001',
    seq: 3,
    draftId: draft.id,
    draftName: draft.name,
    kind: draft.kind,
    profileId: 'p',
    accountId: 'acc',
    userId: '42',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:01.000Z',
    state: 'active',
    preflightAt: '2026-01-01T00:00:00.500Z',
    drafts: { [draft.id]: { kind: draft.kind, name: draft.name, content: draft.content } },
    publishedCards: {},
    steps: [
      {
        kind: 'upload',
        id: 's1',
        status: 'done',
        attempts: 1,
        restarts: 0,
        sha256,
        forDraftIds: [draft.id],
        path: '/gone/hero.png',
        fileName: 'hero.png',
        mimeType: 'image/png',
        bytes: 100,
        mediaCategory: 'POST_IMAGE',
        result: { mediaId: '7', mediaKey: '3_7' },
      },
      {
        kind: 'library',
        id: 's2',
        status: 'attempting',
        attempts: 1,
        attemptStartedAt: Date.now() - 1_000,
        sha256,
        forDraftIds: [draft.id],
        fileName: 'hero.png',
      },
      { kind: 'card', id: 's3', status: 'pending', attempts: 0, draftId: draft.id, cardKind: 'card' },
    ],
  }
}

const operationJobV1: OperationJobV1 = {
  schema: 1,
  type: 'operation',
  id: '40000000-0000-4000-8000-000000000002',
  seq: 4,
  area: 'line_items',
  title: 'Pause 1 line item',
  continueOnError: true,
  profileId: 'p',
  accountId: 'acc',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  state: 'failed',
  error: { code: 'partly_failed', message: '1 of 1 could not be done' },
  steps: [
    {
      kind: 'operation',
      op: 'lineItems.setStatus',
      id: 's1',
      status: 'pending',
      attempts: 1,
      params: { lineItemId: 'li1', status: 'PAUSED' },
      label: 'Pause “Spring”',
      error: { code: 'invalid_request', message: 'li1 cannot be changed' },
    },
  ],
}

async function cardDraft(dir: string): Promise<Draft> {
  const medium = await localMedium(dir, 'hero.png', pngOf(1200, 628, 'hero'))
  return {
    id: '00000000-0000-4000-8000-0000000000f1',
    kind: 'card',
    name: 'Left by the old version',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    schemaVersion: 2,
    status: 'publishing',
    content: singleCard('Left by the old version', medium),
  }
}

describe('job files of the previous version', () => {
  it('read as one kind of job: the draft fields become its publication, each step names its executor', async () => {
    const dataDir = await tempDir()
    const draft = await cardDraft(dataDir)
    const sha256 = (draft.content as { components: { media: { sha256: string } }[] }).components[0]!.media
      .sha256
    const written = cardJobV1(draft, sha256)
    await writeJobFileV1(dataDir, written)
    await writeJobFileV1(dataDir, operationJobV1)
    const { jobs, unreadable } = await createJobStore(dataDir).loadAll()
    expect(unreadable).toEqual([])
    expect(jobs[0]).toEqual({
      schema: 2,
      id: '40000000-0000-4000-8000-000000000001',
      seq: 3,
      area: 'publish',
      title: 'Left by the old version',
      continueOnError: false,
      profileId: 'p',
      accountId: 'acc',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:01.000Z',
      state: 'active',
      publication: {
        draftId: draft.id,
        kind: 'card',
        userId: '42',
        drafts: { [draft.id]: { kind: 'card', name: draft.name, content: draft.content } },
        publishedCards: {},
        preflightAt: '2026-01-01T00:00:00.500Z',
      },
      steps: written.steps.map((step) => ({ ...step, op: `publish.${step.kind}` })),
    })
    const { schema: _schema, type: _type, ...operation } = operationJobV1
    expect(jobs[1]).toEqual({ ...operation, schema: 2 })
  })

  it('resume where they stopped: the lost library answer is looked for, nothing is sent twice', async () => {
    const dataDir = await tempDir()
    const draft = await cardDraft(dataDir)
    const sha256 = (draft.content as { components: { media: { sha256: string } }[] }).components[0]!.media
      .sha256
    const fake = createFakeAds()
    // The library entry the crashed attempt made; its answer never reached the app.
    fake.created.library.push({ media_key: '3_7', name: 'hero.png', created_at: new Date().toISOString() })
    await writeJobFileV1(dataDir, cardJobV1(draft, sha256))
    const drafts = memoryDrafts([draft])
    const outbox = createOutbox({ dataDir, drafts, access: fakeAccess(fake) })
    await outbox.idle()
    const [job] = await outbox.list()
    expect(job).toMatchObject({
      type: 'draft',
      title: 'Left by the old version',
      draftId: draft.id,
      state: 'published',
      steps: [
        { kind: 'upload', status: 'done' },
        { kind: 'library', status: 'done' },
        { kind: 'card', status: 'done' },
      ],
      created: { mediaKeys: ['3_7'], cardId: fake.created.cards[0]!.id },
    })
    // No upload, no second library entry: only the card was sent.
    expect(fake.posts).toEqual(['cards'])
    expect(drafts.all.get(draft.id)).toMatchObject({
      status: 'published',
      published: { cardId: fake.created.cards[0]!.id },
    })
    // Written back in today's format.
    const onDisk = JSON.parse(
      (await readFile(join(dataDir, 'outbox', `${job!.id}.json`), 'utf8')).trim().split('\n').at(-1)!,
    ) as { schema: number; publication: { draftId: string } }
    expect(onDisk).toMatchObject({ schema: 2, publication: { draftId: draft.id } })
    expect(lastJobRecord(JSON.stringify(onDisk))?.state).toBe('published')
    await outbox.dispose()
  })
})
