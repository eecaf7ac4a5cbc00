import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createGrantedFiles } from '../../src/main/media/grantedFiles'
import { inspectMediaFile } from '../../src/main/media/inspect'
import { createMediaGrants } from '../../src/main/media/mediaGrants'
import type { MediaSource } from './mediaFixtures'

/**
 * Media grants for tests that publish local files: the outbox reads only files the designer
 * chose, so a test chooses its media through `chosenIn(dir)` and hands `localFiles.reader` to
 * the outbox. `close()` stops the digest worker and removes the grants file.
 */
export function createTestGrants(name: string) {
  const grantsFile = join(tmpdir(), `${name}-grants-${process.pid}.json`)
  const grants = createMediaGrants({ file: grantsFile })
  const localFiles = createGrantedFiles(grants)
  const chosenIn = (dir: string): MediaSource => ({
    dir,
    async choose(path) {
      const { ref, identity } = await inspectMediaFile(path)
      return { ...ref, token: await grants.grant(path, identity) }
    },
  })
  return {
    localFiles,
    chosenIn,
    async close() {
      await localFiles.close()
      await rm(grantsFile, { force: true })
    },
  }
}
