import { useEffect, useRef, useState } from 'react'
import type { UploadProgress } from '../../../shared/ipc/contracts/audiences'
import { listen, studio, unwrap } from '../../lib/ipc'

/**
 * An audience upload's progress: read once (audiences.uploadProgress), then kept as main says it
 * moves: the upload's own counts (the audiences.uploadProgress event) and its job (job.progress).
 */
export function useUploadProgress(uploadId: string): { progress: UploadProgress | null; finished: boolean } {
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const finished = progress?.job ? ['done', 'failed', 'canceled'].includes(progress.job.state) : false
  const jobId = useRef<string | undefined>(undefined)
  jobId.current = progress?.job?.id
  useEffect(() => {
    if (finished) return
    let stopped = false
    const stopCounts = listen('audiences.uploadProgress', (counts) => {
      if (counts.uploadId === uploadId) setProgress((current) => current && { ...counts, job: current.job })
    })
    const stopJob = listen('job.progress', ({ job }) => {
      if (job.id === jobId.current) setProgress((current) => current && { ...current, job })
    })
    void unwrap(studio().audiences.uploadProgress({ uploadId })).then(
      (read) => !stopped && read && setProgress(read),
      () => undefined,
    )
    return () => {
      stopped = true
      stopCounts()
      stopJob()
    }
  }, [uploadId, finished])
  return { progress, finished }
}
