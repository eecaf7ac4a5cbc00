import { useEffect, useState } from 'react'
import type { UploadProgress } from '../../../shared/ipc/contracts/audiences'
import { studio, unwrap } from '../../lib/ipc'

/** How often a running audience upload is looked at (there is no push). */
const POLL_MS = 500

/** An audience upload's progress (audiences.uploadProgress), looked at every POLL_MS until it ends. */
export function useUploadProgress(uploadId: string): { progress: UploadProgress | null; finished: boolean } {
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const finished = progress?.job ? ['done', 'failed', 'canceled'].includes(progress.job.state) : false
  useEffect(() => {
    if (finished) return
    let stopped = false
    const poll = async () => {
      const next = await unwrap(studio().audiences.uploadProgress({ uploadId })).catch(() => null)
      if (!stopped && next) setProgress(next)
    }
    void poll()
    const timer = setInterval(() => void poll(), POLL_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [uploadId, finished])
  return { progress, finished }
}
