// Reads a local media file the designer chose: what it is, how big, its content hash. The
// renderer never touches files; it gets these facts and, for images, a small preview.

import { basename } from 'node:path'
import type { LocalMediaRef } from '../../shared/creatives/media'
import { mediaTypeFromMime } from '../../shared/creatives/media'
import { checkFileSize } from '../../shared/rules/media'
import type { SniffedFormat } from './formats'
import { MediaFileError, MIME_TYPES, sniffFormat } from './formats'
import { createGrantedFiles, GrantedFileError, MAX_LOCAL_MEDIA_BYTES } from './grantedFiles'
import type { GrantedFiles, OpenedFile } from './grantedFiles'
import type { FileIdentity } from './mediaGrants'
import type { MediaProber } from './inspect/prober'
import { sharedMediaProber } from './inspect/prober'

export interface InspectedMedia {
  ref: LocalMediaRef
  /** A data: URL for images small enough to send to the renderer; videos get none. */
  preview?: string
}

/** Enough to tell the format; the prober reads the rest (inspect/probeFile.ts). */
const HEAD_BYTES = 64
/** Above this an image is refused by the upload limits anyway; no point copying it across IPC. */
export const MAX_PREVIEW_BYTES = 8 * 1024 * 1024

const SUPPORTED = 'PNG, JPEG, GIF or WebP images and MP4 or MOV videos'

function isImage(format: SniffedFormat): format is 'png' | 'jpeg' | 'gif' | 'webp' {
  return format !== 'mp4' && format !== 'mov'
}

/** What stopped a read, as a sentence for the designer naming the file. */
export function describeUnreadable(error: GrantedFileError, name: string): MediaFileError {
  switch (error.reason) {
    case 'not_absolute':
      return new MediaFileError(`${name} is not a full file path.`)
    case 'missing':
    case 'not_granted':
      return new MediaFileError(`${name} could not be found: it may have been moved or deleted.`)
    case 'not_a_file':
      return new MediaFileError(
        error.detail.folder
          ? `${name} is a folder, not a file.`
          : `${name} is not a file Ads Studio can read (a pipe, a device or a socket). Choose the medium itself.`,
      )
    case 'too_large':
      return new MediaFileError(
        `${name} is larger than any medium the platform takes (${MAX_LOCAL_MEDIA_BYTES / 1024 / 1024} MB). Choose a smaller file.`,
      )
    case 'changed':
      return new MediaFileError(
        `${name} changed since you chose it (it was edited or replaced). Choose it again.`,
      )
    case 'unreadable':
      return new MediaFileError(
        error.detail.code === 'EACCES' || error.detail.code === 'EPERM'
          ? `Ads Studio is not allowed to read ${name}. Check the file's permissions.`
          : `${name} could not be read.`,
      )
  }
}

/**
 * Inspects a file opened and checked by grantedFiles: the format from its first bytes, its size
 * against the platform's limit for that format (before the rest is read), then, off main's
 * thread, its hash and its real properties (inspect/probeFile.ts: pixels, codecs, duration,
 * frame rate, keyframes, audio), and a preview for images.
 * @throws MediaFileError with a sentence for the designer when the file is unsupported, too large or damaged.
 */
export async function inspectOpenedFile(
  file: OpenedFile,
  files: Pick<GrantedFiles, 'hash'>,
  prober: MediaProber = sharedMediaProber(),
): Promise<InspectedMedia> {
  const name = basename(file.path) || 'The file'
  const { path, size } = file
  if (size === 0) throw new MediaFileError(`${name} is empty.`)
  const head = new Uint8Array(Math.min(size, HEAD_BYTES))
  const { bytesRead } = await file.handle.read(head, 0, head.length, 0)
  const bytes = head.subarray(0, bytesRead)
  const format = sniffFormat(bytes)
  if (!format) throw new MediaFileError(`${name} is not a supported medium: choose ${SUPPORTED}.`)
  const mimeType = MIME_TYPES[format]
  const mediaType = mediaTypeFromMime(mimeType)
  const [tooLarge] = mediaType ? checkFileSize([], { mediaType, bytes: size }) : []
  if (tooLarge)
    throw new MediaFileError(`${tooLarge.message.replace(/^This file/, name)}. Choose a smaller file.`)
  const previewed = isImage(format) && size <= MAX_PREVIEW_BYTES
  let hashed
  let probed
  try {
    ;[hashed, probed] = await Promise.all([
      files.hash(file, previewed),
      prober.probe(file.handle.fd, size, basename(file.path)),
    ])
  } catch (error) {
    if (error instanceof GrantedFileError) throw describeUnreadable(error, name)
    throw error
  }
  const ref: LocalMediaRef = {
    source: 'local',
    path,
    sha256: hashed.sha256,
    mimeType,
    bytes: size,
    width: probed.width,
    height: probed.height,
    ...(probed.durationSeconds === undefined ? {} : { durationSeconds: probed.durationSeconds }),
    probe: probed.probe,
  }
  if (!previewed || !hashed.bytes) return { ref }
  return { ref, preview: `data:${mimeType};base64,${Buffer.from(hashed.bytes).toString('base64')}` }
}

let standalone: GrantedFiles | undefined

/**
 * Opens and inspects a local file (the media service passes its own granted-files reader; tests
 * and tools use one of their own). `expected`: the identity the file must still have.
 * @throws MediaFileError with a sentence for the designer when the file is missing, unsupported or damaged.
 */
export async function inspectMediaFile(
  path: string,
  options: { files?: Pick<GrantedFiles, 'open' | 'hash'>; expected?: FileIdentity } = {},
): Promise<InspectedMedia & { identity: FileIdentity }> {
  const files =
    options.files ??
    (standalone ??= createGrantedFiles({
      grant: async () => '',
      byToken: async () => undefined,
      byPath: async () => undefined,
      bind: async () => undefined,
    }))
  const name = basename(path) || 'The file'
  let file: OpenedFile
  try {
    file = await files.open(path, {
      maxBytes: MAX_LOCAL_MEDIA_BYTES,
      ...(options.expected ? { expected: options.expected } : {}),
    })
  } catch (error) {
    if (error instanceof GrantedFileError) throw describeUnreadable(error, name)
    throw error
  }
  try {
    return { ...(await inspectOpenedFile(file, files)), identity: file.identity }
  } finally {
    await file.handle.close()
  }
}
