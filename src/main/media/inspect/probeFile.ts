// One local file's real properties, from its bytes alone: the format by content (never by the
// name), then the format's own reader. The name is used only to say when it lies.

import { extname } from 'node:path'
import type { MediaContainer, MediaProbe } from '../../../shared/rules/mediaContent'
import { MediaFileError, sniffFormat } from '../formats'
import type { FileBytes } from './fileReader'
import { probeImage } from './probeImage'
import { probeMovie } from './probeMovie'

export interface ProbedMedia {
  format: MediaContainer
  width: number
  height: number
  durationSeconds?: number
  probe: MediaProbe
}

const SNIFF_BYTES = 64
const SUPPORTED = 'PNG, JPEG, GIF or WebP images and MP4 or MOV videos'

/** File name extensions each format is known by. */
const EXTENSIONS: Record<MediaContainer, readonly string[]> = {
  png: ['png', 'apng'],
  jpeg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  gif: ['gif'],
  webp: ['webp'],
  mp4: ['mp4', 'm4v', 'mov', 'qt'],
  mov: ['mov', 'qt', 'mp4', 'm4v'],
}

/** The name's extension when it belongs to another format; none for a name without one. */
function misnamed(fileName: string, format: MediaContainer): string | undefined {
  const extension = extname(fileName).slice(1).toLowerCase()
  if (!extension || EXTENSIONS[format].includes(extension)) return undefined
  return extension.slice(0, 16)
}

/**
 * @throws MediaFileError with a sentence for the designer when the file is empty, not a supported
 *   medium, or damaged or cut short.
 */
export function probeMediaBytes(file: FileBytes, fileName: string): ProbedMedia {
  const name = fileName || 'The file'
  if (file.size === 0) throw new MediaFileError(`${name} is empty.`)
  const format = sniffFormat(file.read(0, SNIFF_BYTES))
  if (!format) throw new MediaFileError(`${name} is not a supported medium: choose ${SUPPORTED}.`)
  const namedAs = misnamed(fileName, format)
  const named = namedAs === undefined ? {} : { namedAs }
  if (format === 'mp4' || format === 'mov') {
    const movie = probeMovie(file, format)
    return {
      format,
      width: movie.width,
      height: movie.height,
      durationSeconds: movie.durationSeconds,
      probe: { container: format, ...named, ...movie.probe },
    }
  }
  const image = probeImage(file, format)
  return {
    format,
    width: image.width,
    height: image.height,
    probe: {
      container: format,
      ...named,
      ...(image.frameCount === undefined ? {} : { frameCount: image.frameCount }),
    },
  }
}
