import { describe, expect, it } from 'vitest'
import {
  dataEnd,
  longestKeyframeGap,
  sampleCount,
  totalDuration,
} from '../../../src/main/media/inspect/sampleTables'

/** Tables as mp4box.js parses them, written by hand: the facts follow from the runs. */
describe('sample table facts', () => {
  const stts = { sample_counts: [3, 2], sample_deltas: [10, 20] } // times 0, 10, 20, 30, 50; end 70

  it('counts samples and sums their durations over stts runs', () => {
    const tables = { stts, stsz: { sample_size: 0, sample_count: 5, sample_sizes: [1, 2, 3, 4, 5] } }
    expect(sampleCount(tables)).toBe(5)
    expect(totalDuration(tables)).toBe(70)
  })

  it('finds the longest gap between keyframes, counting the stretch after the last one', () => {
    expect(longestKeyframeGap({ stts, stss: { sample_numbers: [1, 4] } })).toBe(40) // 30 → 70
    expect(longestKeyframeGap({ stts, stss: { sample_numbers: [1, 5] } })).toBe(50) // 0 → 50
    expect(longestKeyframeGap({ stts, stss: { sample_numbers: [1] } })).toBe(70)
    // No stss: every sample is a keyframe.
    expect(longestKeyframeGap({ stts })).toBe(20)
  })

  it('places samples in chunks through stsc runs and finds where the data ends', () => {
    const tables = {
      stsz: { sample_size: 0, sample_count: 5, sample_sizes: [1, 2, 3, 4, 5] },
      // Chunks 1-2 hold 2 samples each, chunk 3 the rest.
      stsc: { first_chunk: [1, 3], samples_per_chunk: [2, 1] },
      stco: { chunk_offsets: [100, 500, 200] },
    }
    // Chunk 2 holds samples 3 and 4 (3 + 4 bytes) from 500: it ends last, at 507.
    expect(dataEnd(tables)).toBe(507)
    expect(dataEnd({ ...tables, stsz: { sample_size: 8, sample_count: 5, sample_sizes: [] } })).toBe(516)
    expect(dataEnd({ stsz: tables.stsz })).toBe(0)
  })
})
