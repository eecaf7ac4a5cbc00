// Why the platform could not process (transcode) an uploaded medium, in words a designer can act
// on. The upload's STATUS answers processing_info.error {code, name, message}; the public upload
// guide names no list of them, so the advice follows what the message speaks of.

export interface ProcessingError {
  code?: number | undefined
  name?: string | undefined
  message?: string | undefined
}

const ADVICE: { pattern: RegExp; advice: string }[] = [
  {
    pattern: /duration|too long|too short|length/i,
    advice:
      'Trim the video to between half a second and the length your account may post, then add it again.',
  },
  {
    pattern: /codec|format|unsupported|h\.?264|aac|audio|profile/i,
    advice:
      'Export it again as an MP4 with H.264 video (High profile, 4:2:0) and AAC-LC sound, then add it again.',
  },
  {
    pattern: /dimension|resolution|aspect|size|pixel/i,
    advice:
      'Export it again between 32×32 and 1280×1024 pixels, with square pixels and a ratio between 1:3 and 3:1.',
  },
  { pattern: /frame ?rate|fps/i, advice: 'Export it again at 60 frames a second or fewer.' },
  {
    pattern: /gop|keyframe|key frame/i,
    advice: 'Export it again with closed GOPs and a keyframe every few seconds.',
  },
  {
    pattern: /corrupt|damaged|invalid|truncat|incomplete/i,
    advice: 'Export the file again, then add it again.',
  },
]

/** A person-facing sentence for a failed processing of `fileName`. */
export function describeProcessingFailure(fileName: string, error: ProcessingError | undefined): string {
  const said = error?.message?.trim().replace(/\.$/, '')
  const transient = /internal|server|timeout|unavailable/i.test(error?.name ?? '')
  if (transient) {
    return `The platform failed while processing ${fileName}${said ? ` (${said})` : ''}. Nothing is wrong with the file as far as the app can tell: publish again later.`
  }
  const advice =
    ADVICE.find((entry) => entry.pattern.test(said ?? ''))?.advice ??
    'Export it again as an MP4 with H.264 video and AAC-LC sound, then add it again.'
  const reason = said ? `: ${said}` : ' and gave no reason'
  return `The platform could not process ${fileName}${reason}. ${advice}`
}
