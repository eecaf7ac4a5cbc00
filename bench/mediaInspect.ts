/**
 * Reading a 512 MB video's properties on the device (src/main/media/inspect): the probe walks
 * the top-level boxes by seeking and parses only the index (moov), so its time should not grow
 * with the media data. The file is sparse: a real 10-minute 1280×720 H.264/AAC index at 30 fps
 * (18,000 video samples, a size table per track as encoders write) after a 512 MB mdat of holes,
 * moov last, the slowest layout to find.
 */
import { mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createMediaProber } from '../src/main/media/inspect/prober'
import { maxLocalMediaBytes } from '../src/shared/rules/media'
import { mp4Parts, type Mp4Spec } from '../test/support/mp4Writer'

const SECONDS = 600
const FPS = 30
const RUNS = 15

function spec(sampleBytes: number): Mp4Spec {
  return {
    video: { width: 1280, height: 720, fps: FPS, frames: SECONDS * FPS, keyframeEvery: 2 * FPS },
    audio: {},
    moovLast: true,
    sampleBytes,
    sizeTable: true,
  }
}

/** The largest sample size whose file still fits the platform's video limit. */
function fittingSpec(limit: number): Mp4Spec {
  const frames = SECONDS * FPS
  let sampleBytes = Math.floor(limit / frames)
  for (;;) {
    const parts = mp4Parts(spec(sampleBytes))
    if (parts.head.length + parts.payloadBytes + parts.tail.length <= limit) return spec(sampleBytes)
    sampleBytes -= 16
  }
}

export interface MediaInspectFigures {
  fileBytes: number
  coldMs: number
  samples: number[]
}

export async function benchMediaInspect(): Promise<MediaInspectFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'ads-bench-media-'))
  const path = join(dir, 'ten-minutes.mp4')
  const prober = createMediaProber()
  try {
    const parts = mp4Parts(fittingSpec(maxLocalMediaBytes('VIDEO')))
    const fileBytes = parts.head.length + parts.payloadBytes + parts.tail.length
    const writing = await open(path, 'w')
    try {
      await writing.write(parts.head, 0, parts.head.length, 0)
      await writing.write(parts.tail, 0, parts.tail.length, parts.head.length + parts.payloadBytes)
      await writing.truncate(fileBytes)
    } finally {
      await writing.close()
    }
    const file = await open(path, 'r')
    try {
      const timed = async () => {
        const started = performance.now()
        const probed = await prober.probe(file.fd, fileBytes, 'ten-minutes.mp4')
        if (probed.probe.videoCodec === undefined) throw new Error('the probe read no video codec')
        return performance.now() - started
      }
      // The first call also starts the worker thread and loads mp4box.js.
      const coldMs = await timed()
      const samples: number[] = []
      for (let run = 0; run < RUNS; run++) samples.push(await timed())
      return { fileBytes, coldMs, samples }
    } finally {
      await file.close()
    }
  } finally {
    await prober.close()
    await rm(dir, { recursive: true, force: true })
  }
}
