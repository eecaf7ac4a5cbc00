// The platform's public upload limits for local media and what its upload guide requires of a
// medium's content: part of LIMITS (limits.ts re-exports them there), kept apart because none of
// them is in the spec. `source` names the public document each value comes from.

import type { AspectRatioLimit, EnumLimit, ValueLimit } from './limitTypes'

/** The platform's public media upload guide: limits the spec does not give (not in spec). */
const UPLOAD_GUIDE = 'not in spec: https://docs.x.com/x-api/media/quickstart/best-practices'

export const MEDIA_LIMITS = {
  // Not in the spec (it is silent on file sizes and on rounding): the platform's public media
  // upload limits (images 5 MB, GIF 15 MB, video 512 MB, binary megabytes), and how far a
  // measured ratio may stray from a nominal one because pixel sizes are whole numbers.
  //
  // Why 1%: whole pixels put any real export of a nominal ratio far inside it (1200×628 is
  // 0.04% off 1.91:1, 800×419 is 0.04%, 1280×720 is exact for 16:9), while sizes a designer
  // would call a different ratio fall outside (1200×640 is 1.8% off 1.91:1, 1920×1100 is 1.8%
  // off 16:9). The sandbox, like the platform's own named ratios, uses the same 1% in its code.
  localMedia: {
    imageMaxBytes: { value: 5 * 1024 * 1024, source: 'platform public media upload limits (not in spec)' },
    gifMaxBytes: { value: 15 * 1024 * 1024, source: 'platform public media upload limits (not in spec)' },
    videoMaxBytes: { value: 512 * 1024 * 1024, source: 'platform public media upload limits (not in spec)' },
    aspectRatioTolerance: { value: 0.01, source: 'app rule: relative tolerance for rounded pixel sizes' },
  },
  /**
   * What the platform's upload guide requires of a medium's content (not in spec):
   * https://docs.x.com/x-api/media/quickstart/best-practices ("Video specifications",
   * "Animated GIF recommendations"). Video rules there say "must"; GIF ones are recommendations.
   */
  mediaContent: {
    videoMinSeconds: { value: 0.5, source: `${UPLOAD_GUIDE} (video duration at least 0.5 seconds)` },
    videoMaxSeconds: { value: 20 * 60, source: `${UPLOAD_GUIDE} (post video, default accounts: 20 minutes)` },
    videoPremiumMaxSeconds: { value: 125 * 60, source: `${UPLOAD_GUIDE} (post video, Premium: 125 minutes)` },
    videoMaxFrameRate: { value: 60, source: `${UPLOAD_GUIDE} (frame rate 60 FPS or less)` },
    videoMinWidth: { value: 32, source: `${UPLOAD_GUIDE} (dimensions between 32x32 and 1280x1024)` },
    videoMinHeight: { value: 32, source: `${UPLOAD_GUIDE} (dimensions between 32x32 and 1280x1024)` },
    videoMaxWidth: { value: 1280, source: `${UPLOAD_GUIDE} (dimensions between 32x32 and 1280x1024)` },
    videoMaxHeight: { value: 1024, source: `${UPLOAD_GUIDE} (dimensions between 32x32 and 1280x1024)` },
    /** 1080p is taken from subscribed accounts, and played at 720p for the others. */
    videoFullHdLongSide: { value: 1920, source: `${UPLOAD_GUIDE} (subscribed users can upload 1080p)` },
    videoFullHdShortSide: { value: 1080, source: `${UPLOAD_GUIDE} (subscribed users can upload 1080p)` },
    videoMinAspectRatio: {
      width: 1,
      height: 3,
      source: `${UPLOAD_GUIDE} (aspect ratio between 1:3 and 3:1)`,
    },
    videoMaxAspectRatio: {
      width: 3,
      height: 1,
      source: `${UPLOAD_GUIDE} (aspect ratio between 1:3 and 3:1)`,
    },
    videoPixelAspectRatio: {
      width: 1,
      height: 1,
      source: `${UPLOAD_GUIDE} (pixel aspect ratio must be 1:1)`,
    },
    /** Sample entry types of H.264, the one video codec the guide names (High profile recommended). */
    videoCodecs: {
      values: ['avc1', 'avc3'],
      source: `${UPLOAD_GUIDE} (video codec H264)`,
    } as EnumLimit<string>,
    /**
     * H.264 profiles (profile_idc) that code 4:2:0 only: Baseline, Main, Extended, High; the
     * 4:2:2 and 4:4:4 profiles (122, 244, 44) do not ("only YUV 4:2:0 is supported").
     */
    videoProfiles420: {
      values: ['66', '77', '88', '100', '110'],
      source: `${UPLOAD_GUIDE} (pixel format: only YUV 4:2:0)`,
    } as EnumLimit<string>,
    /** RFC 6381 codec string of AAC Low Complexity; HE-AAC (mp4a.40.5, .29) is refused. */
    audioCodecs: {
      values: ['mp4a.40.2'],
      source: `${UPLOAD_GUIDE} (audio must be AAC LC)`,
    } as EnumLimit<string>,
    audioMaxChannels: { value: 2, source: `${UPLOAD_GUIDE} (audio mono or stereo, not 5.1)` },
    gifMaxWidth: { value: 1280, source: `${UPLOAD_GUIDE} (GIF resolution <= 1280x1080)` },
    gifMaxHeight: { value: 1080, source: `${UPLOAD_GUIDE} (GIF resolution <= 1280x1080)` },
    gifMaxFrames: { value: 350, source: `${UPLOAD_GUIDE} (GIF frames <= 350)` },
    gifMaxPixels: { value: 300_000_000, source: `${UPLOAD_GUIDE} (GIF width*height*frames <= 300 million)` },
    /**
     * Neither the spec nor the guide gives an image's largest size; far beyond any screen it is
     * downscaled anyway, and such headers are how decompression bombs look. A warning.
     */
    imageMaxSide: {
      value: 8192,
      source: 'app rule: larger images are downscaled; huge headers are suspicious',
    },
    /**
     * The guide requires closed GOPs but gives no keyframe interval; keyframes far apart make the
     * platform's transcode and seeking slow. A warning.
     */
    keyframeMaxSeconds: { value: 5, source: 'app rule: keyframes at most 5 s apart' },
  },
} as const satisfies Record<string, Record<string, EnumLimit<string> | ValueLimit | AspectRatioLimit>>
