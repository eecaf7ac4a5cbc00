import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { openConnectedApp, type ConnectedApp } from './connectedApp'

// Issue 9, item 6: a media library entry's PUT and DELETE, checked in main against the entry as
// the sandbox has it, then queued in the outbox and sent by its executor.

let sandbox: Sandbox
let app: ConnectedApp
let main: string

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  app = await openConnectedApp(sandbox, { keychainService: `Ads Studio media edits test ${process.pid}` })
  main = sandbox.demo.accountIds[0]!
})
afterAll(async () => {
  await app?.close()
  await sandbox?.close()
})

const scope = () => ({ profileId: app.profile.id, accountId: main })
const FINISHED = ['done', 'failed', 'canceled', 'published']

async function settle(job: OutboxJobView): Promise<OutboxJobView> {
  for (;;) {
    const { job: now } = await app.call<{ job: OutboxJobView }>('outbox.get', { jobId: job.id })
    if (FINISHED.includes(now.state)) return now
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function entryOf(type: 'IMAGE' | 'VIDEO' | 'GIF', skip = 0) {
  const entries = sandbox
    .state()
    .mediaLibrary.filter((item) => item._account === main && !item.deleted && item.media_type === type)
  const entry = entries[skip]
  if (!entry) throw new Error(`the sandbox seed has no ${type} entry #${skip} in account ${main}`)
  return entry
}
const stored = (mediaKey: string) =>
  sandbox.state().mediaLibrary.find((item) => item.media_key === mediaKey && item._account === main)

async function refusal(channel: string, request: Record<string, unknown>) {
  const error = await app.call(channel, request).then(
    () => {
      throw new Error(`${channel} was accepted`)
    },
    (failure: {
      code: string
      field?: string
      message: string
      issues?: { field: string; message: string }[]
    }) => failure,
  )
  return error
}

describe('editing a media library entry', () => {
  it('queues the PUT in the outbox, and the sandbox has the new name, file name, title and description', async () => {
    const video = entryOf('VIDEO')
    const key = String(video.media_key)
    const { job } = await app.call<{ job: OutboxJobView }>('library.updateMedia', {
      ...scope(),
      mediaKey: key,
      name: 'Spring launch cut',
      fileName: 'spring-launch.mp4',
      title: 'Spring launch',
      description: 'Thirty seconds of spring',
    })
    expect(job).toMatchObject({ type: 'operation', area: 'library' })
    expect(job.steps.map((step) => step.label)).toEqual([
      'Edit “' + String(video.name || video.file_name || key) + '” in the media library',
    ])
    const done = await settle(job)
    expect(done.state).toBe('done')
    expect(stored(key)).toMatchObject({
      name: 'Spring launch cut',
      file_name: 'spring-launch.mp4',
      title: 'Spring launch',
      description: 'Thirty seconds of spring',
    })
    // And the library list reads it back for the edit dialog.
    const { items } = await app.call<{ items: { mediaKey: string; description?: string }[] }>(
      'library.list',
      {
        ...scope(),
        q: 'spring',
      },
    )
    expect(items.find((item) => item.mediaKey === key)?.description).toBe('Thirty seconds of spring')
  })

  it('sets a video’s poster to an image of the library', async () => {
    const video = entryOf('VIDEO')
    const image = entryOf('IMAGE')
    const done = await settle(
      (
        await app.call<{ job: OutboxJobView }>('library.updateMedia', {
          ...scope(),
          mediaKey: String(video.media_key),
          posterMediaKey: String(image.media_key),
        })
      ).job,
    )
    expect(done.state).toBe('done')
    expect(stored(String(video.media_key))?.poster_media_key).toBe(image.media_key)
  })

  it('refuses videos-only fields on an image, and every limit, each on its field, before anything is queued', async () => {
    const image = entryOf('IMAGE')
    const before = stored(String(image.media_key))?.updated_at
    const jobsBefore = (await app.call<{ jobs: unknown[] }>('outbox.list', {})).jobs.length
    const error = await refusal('library.updateMedia', {
      ...scope(),
      mediaKey: String(image.media_key),
      name: 'n'.repeat(101),
      fileName: 'f'.repeat(256),
      title: 'A title',
      description: 'A description',
    })
    expect(error.code).toBe('invalid_input')
    expect(error.field).toBe('name')
    expect(error.issues?.map((issue) => issue.field).sort()).toEqual(
      ['description', 'fileName', 'name', 'title'].sort(),
    )
    expect(error.issues?.find((issue) => issue.field === 'title')?.message).toMatch(/videos only/)
    expect(error.issues?.find((issue) => issue.field === 'name')?.message).toMatch(/100/)
    expect((await app.call<{ jobs: unknown[] }>('outbox.list', {})).jobs.length).toBe(jobsBefore)
    expect(stored(String(image.media_key))?.updated_at).toBe(before)
  })

  it('refuses a poster that is a video, and a poster that is not in the library', async () => {
    const video = entryOf('VIDEO')
    const notAnImage = await refusal('library.updateMedia', {
      ...scope(),
      mediaKey: String(video.media_key),
      posterMediaKey: String(video.media_key),
    })
    expect(notAnImage).toMatchObject({ code: 'invalid_input', field: 'posterMediaKey' })
    expect(notAnImage.message).toMatch(/must be an image/)
    const missing = await refusal('library.updateMedia', {
      ...scope(),
      mediaKey: String(video.media_key),
      posterMediaKey: '3_999999999',
    })
    expect(missing).toMatchObject({ code: 'invalid_input', field: 'posterMediaKey' })
  })

  it('refuses an edit with no change, and a request the contract does not take (field named)', async () => {
    const image = entryOf('IMAGE')
    expect(
      await refusal('library.updateMedia', { ...scope(), mediaKey: String(image.media_key) }),
    ).toMatchObject({
      code: 'invalid_input',
      field: 'name',
    })
    const smuggled = await refusal('library.updateMedia', {
      ...scope(),
      mediaKey: String(image.media_key),
      media_url: 'https://example.com/x.png',
    })
    expect(smuggled.field).toBe('media_url')
  })
})

describe('deleting a media library entry', () => {
  it('queues the DELETE; the entry is gone from the list; a second delete says it is not in the library', async () => {
    const gif = entryOf('GIF')
    const key = String(gif.media_key)
    const done = await settle(
      (await app.call<{ job: OutboxJobView }>('library.deleteMedia', { ...scope(), mediaKey: key })).job,
    )
    expect(done.state).toBe('done')
    expect(done.steps[0]?.label).toMatch(/from the media library/)
    expect(stored(key)?.deleted).toBe(true)
    const { items } = await app.call<{ items: { mediaKey: string }[] }>('library.list', {
      ...scope(),
      mediaType: 'GIF',
      count: 50,
    })
    expect(items.map((item) => item.mediaKey)).not.toContain(key)
    const again = await refusal('library.deleteMedia', { ...scope(), mediaKey: key })
    expect(again).toMatchObject({ code: 'invalid_input', field: 'mediaKey' })
    expect(again.message).toMatch(/no longer in the media library/)
  })
})
