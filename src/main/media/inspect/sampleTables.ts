// Timing and placement facts of one track, computed from its sample tables (stts, stss, stsz,
// stsc, stco/co64) as mp4box.js parsed them, run by run: a ten-minute video has tens of thousands
// of samples, and building an object per sample (mp4box.js's sample lists) costs far more than
// reading the index does.

/** The parts of a track's stbl the facts need (mp4box.js box fields). */
export interface SampleTables {
  stts?: { sample_counts: number[]; sample_deltas: number[] }
  stss?: { sample_numbers: number[] }
  stsz?: { sample_size: number; sample_count: number; sample_sizes: number[] }
  stz2?: { sample_sizes: number[] }
  stsc?: { first_chunk: number[]; samples_per_chunk: number[] }
  stco?: { chunk_offsets: number[] }
  co64?: { chunk_offsets: number[] }
}

export function sampleCount(tables: SampleTables): number {
  if (tables.stsz) return tables.stsz.sample_count || tables.stsz.sample_sizes.length
  return tables.stz2?.sample_sizes.length ?? 0
}

/** The sum of all sample durations, in the track's timescale. */
export function totalDuration(tables: SampleTables): number {
  const stts = tables.stts
  if (!stts) return 0
  let total = 0
  for (let run = 0; run < stts.sample_counts.length; run++)
    total += stts.sample_counts[run]! * (stts.sample_deltas[run] ?? 0)
  return total
}

/**
 * The longest stretch without a keyframe, in the track's timescale: between two sync samples,
 * or from the last one to the end. No stss box means every sample is a keyframe.
 */
export function longestKeyframeGap(tables: SampleTables): number | undefined {
  const stts = tables.stts
  if (!stts || stts.sample_counts.length === 0) return undefined
  if (!tables.stss) return Math.max(0, ...stts.sample_deltas)
  const syncs = [...tables.stss.sample_numbers].sort((a, b) => a - b)
  const end = totalDuration(tables)
  // Walk the stts runs alongside the sorted sync sample numbers (1-based): time of sample n.
  let run = 0
  let runStartSample = 1
  let runStartTime = 0
  const timeOf = (sample: number): number => {
    while (run < stts.sample_counts.length && sample >= runStartSample + stts.sample_counts[run]!) {
      runStartTime += stts.sample_counts[run]! * (stts.sample_deltas[run] ?? 0)
      runStartSample += stts.sample_counts[run]!
      run += 1
    }
    const delta = stts.sample_deltas[Math.min(run, stts.sample_deltas.length - 1)] ?? 0
    return runStartTime + (sample - runStartSample) * delta
  }
  let previous = 0
  let longest = 0
  for (const sample of syncs) {
    const time = timeOf(sample)
    longest = Math.max(longest, time - previous)
    previous = time
  }
  return Math.max(longest, end - previous)
}

/** Where the track's last byte of sample data ends in the file (0 without tables). */
export function dataEnd(tables: SampleTables): number {
  const offsets = (tables.co64 ?? tables.stco)?.chunk_offsets ?? []
  const stsc = tables.stsc
  const count = sampleCount(tables)
  if (!stsc || offsets.length === 0 || count === 0) return 0
  const constant = tables.stsz?.sample_size ?? 0
  const sizes = tables.stsz?.sample_sizes ?? tables.stz2?.sample_sizes ?? []
  let sample = 0
  let end = 0
  for (let entry = 0; entry < stsc.first_chunk.length && sample < count; entry++) {
    const firstChunk = stsc.first_chunk[entry]!
    const lastChunk = (stsc.first_chunk[entry + 1] ?? offsets.length + 1) - 1
    const perChunk = stsc.samples_per_chunk[entry] ?? 0
    for (let chunk = firstChunk; chunk <= lastChunk && sample < count; chunk++) {
      const inChunk = Math.min(perChunk, count - sample)
      let bytes = 0
      if (constant > 0) bytes = constant * inChunk
      else for (let i = 0; i < inChunk; i++) bytes += sizes[sample + i] ?? 0
      sample += inChunk
      end = Math.max(end, (offsets[chunk - 1] ?? 0) + bytes)
    }
  }
  return end
}
