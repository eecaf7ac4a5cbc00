import { basename } from 'node:path'
import { localMediaRefSchema } from '../../../shared/creatives/media'
import { MIME_TYPES } from '../formats'
import type { GrantedFiles } from '../grantedFiles'
import type { ProbedMedia } from './probeFile'
import type { MediaProber } from './prober'
import { sharedMediaProber } from './prober'

/**
 * The outbox's own reading of a local medium's properties, so the publish gate checks what main
 * read from the file now rather than what a draft (written by the renderer) says of it.
 */
export type LocalMediaProbe = (file: { path: string; mimeType: string }) => Promise<ProbedMedia>

/** Probes a file through its grant, as the file that was granted (media/grantedFiles.ts). */
export function createGrantedProbe(
  files: Pick<GrantedFiles, 'openGranted'>,
  prober: MediaProber = sharedMediaProber(),
): LocalMediaProbe {
  return async (file) => {
    const opened = await files.openGranted(file)
    try {
      return await prober.probe(opened.handle.fd, opened.size, basename(file.path))
    } finally {
      await opened.handle.close()
    }
  }
}

/**
 * A copy of draft content whose local media carry the facts main probed (by content hash) in
 * place of the ones the draft stored: type, pixels, duration and the probe.
 */
export function withProbedMedia(content: unknown, probed: ReadonlyMap<string, ProbedMedia>): unknown {
  if (probed.size === 0) return content
  if (Array.isArray(content)) return content.map((item) => withProbedMedia(item, probed))
  if (typeof content !== 'object' || content === null) return content
  const local = localMediaRefSchema.safeParse(content)
  const facts = local.success ? probed.get(local.data.sha256) : undefined
  if (local.success && facts) {
    const { durationSeconds: _stored, ...ref } = local.data
    return {
      ...ref,
      mimeType: MIME_TYPES[facts.format],
      width: facts.width,
      height: facts.height,
      ...(facts.durationSeconds === undefined ? {} : { durationSeconds: facts.durationSeconds }),
      probe: facts.probe,
    }
  }
  // fromEntries defines own keys, so a "__proto__" key in the content stays a plain key.
  return Object.fromEntries(
    Object.entries(content).map(([key, value]) => [key, withProbedMedia(value, probed)]),
  )
}
