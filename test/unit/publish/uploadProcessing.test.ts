import { describe, expect, it } from 'vitest'
import type { AdsContext } from '../../../src/main/api/adsRequest'
import type { JobEnv } from '../../../src/main/publish/executor'
import { uploadExecutor } from '../../../src/main/publish/executors/upload'
import type { UploadStep } from '../../../src/main/publish/job'
import { PUBLISH_OPS } from '../../../src/main/publish/job'
import type { OperationProgress } from '../../../src/main/publish/operations/types'
import { describeProcessingFailure } from '../../../src/main/media/processingFailure'

/**
 * After FINALIZE an upload is referenced only once the platform has processed it: the executor
 * asks STATUS until processing_info says succeeded, shows how far it got, and explains a failure.
 */

const SHA = 'a'.repeat(64)

function processingStep(): UploadStep {
  return {
    kind: 'upload',
    op: PUBLISH_OPS.upload,
    status: 'pending',
    attempts: 0,
    sha256: SHA,
    forDraftIds: ['d1'],
    path: '/media/clip.mp4',
    fileName: 'clip.mp4',
    mimeType: 'video/mp4',
    bytes: 4,
    mediaCategory: 'POST_VIDEO',
    session: {
      mediaId: '77',
      mediaKey: '7_77',
      nextSegment: 1,
      bytesSent: 4,
      phase: 'processing',
      finalizeSent: true,
    },
    restarts: 0,
  } as UploadStep
}

function envAnswering(statuses: Record<string, unknown>[]) {
  const progress: OperationProgress[] = []
  const asked: string[] = []
  const ctx = {
    hosts: { apiUrl: 'https://api.example' },
    credentials: {},
    http: {
      send: async (request: { query?: Record<string, string> }) => {
        asked.push(request.query?.command ?? '?')
        const next = statuses.shift()
        if (!next) throw new Error('asked STATUS more often than scripted')
        return { status: 200, json: { media_id_string: '77', media_key: '7_77', ...next } }
      },
    },
  } as unknown as AdsContext
  const env = {
    ctx,
    now: () => 0,
    sleep: async () => undefined,
    save: async () => undefined,
    progress: (value: OperationProgress) => progress.push(value),
    localMedia: { read: async () => ({ bytes: new Uint8Array(4), sha256: SHA }), digest: async () => SHA },
    chunkBytes: 1024,
    processingPollMaxMs: 10,
  } as unknown as JobEnv
  return { env, progress, asked }
}

describe('the upload waits for the platform to process the medium', () => {
  it('asks STATUS until processing succeeds, showing its progress, and only then gives the media key', async () => {
    const { env, progress, asked } = envAnswering([
      { processing_info: { state: 'pending', check_after_secs: 1, progress_percent: 0 } },
      { processing_info: { state: 'in_progress', check_after_secs: 1, progress_percent: 45 } },
      { processing_info: { state: 'succeeded', progress_percent: 100 } },
    ])
    const answer = await uploadExecutor.run(env, processingStep())
    expect(answer).toEqual({ mediaId: '77', mediaKey: '7_77' })
    expect(asked).toEqual(['STATUS', 'STATUS', 'STATUS'])
    expect(progress.map((entry) => entry.done)).toEqual([0, 45])
    expect(progress[1]).toMatchObject({ total: 100, unit: '%', detail: expect.stringContaining('clip.mp4') })
  })

  it('stops with words a designer can act on when the platform could not process it', async () => {
    const { env } = envAnswering([
      { processing_info: { state: 'in_progress', check_after_secs: 1, progress_percent: 30 } },
      {
        processing_info: {
          state: 'failed',
          progress_percent: 100,
          error: { code: 1, name: 'InvalidMedia', message: 'Unsupported video codec.' },
        },
      },
    ])
    await expect(uploadExecutor.run(env, processingStep())).rejects.toThrow(
      /^The platform could not process clip\.mp4: Unsupported video codec\. Export it again as an MP4 with H\.264/,
    )
  })
})

describe('describeProcessingFailure', () => {
  it.each([
    [{ name: 'InvalidMedia', message: 'Video duration is too long' }, /Trim the video/],
    [{ name: 'InvalidMedia', message: 'Invalid dimensions' }, /between 32×32 and 1280×1024/],
    [{ name: 'InvalidMedia', message: 'Frame rate exceeds 60' }, /60 frames a second/],
    [{ name: 'InvalidMedia', message: 'Open GOP is not supported' }, /closed GOPs/],
    [{ name: 'InternalError', message: 'Timeout' }, /publish again later/],
    [undefined, /gave no reason\. Export it again/],
  ])('explains %j', (error, advice) => {
    expect(describeProcessingFailure('clip.mp4', error)).toMatch(advice)
  })
})
