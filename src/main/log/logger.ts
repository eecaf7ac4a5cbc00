import { mkdirSync } from 'node:fs'
import pino, { type DestinationStream, type Logger } from 'pino'
import { createStream } from 'rotating-file-stream'
import { errorFields, scrubText, type KnownSecrets } from './scrub'

/**
 * Main's log for support: JSON lines (pino) in a file rotated by size in the log folder. Every
 * module logs through a child of one root logger, named by `module`. What a line may hold is
 * kept narrow three times over: the keys below are censored wherever they appear (pino's
 * redact), errors are reduced to name, code and scrubbed message (errorFields), and every
 * finished line is scrubbed once more (scrubText) before it is written.
 */
export type Log = Logger

/** The log's folder inside the data folder. */
export const LOG_FOLDER = 'logs'
export const LOG_FILE = 'main.log'
/** main.log grows to this, then becomes main.1.log (main.1 becomes main.2 …). */
export const LOG_FILE_SIZE = '1M'
/** Rotated files kept besides main.log. */
export const LOG_FILES_ROTATED = 4

/** How the file rotates: `size` in rotating-file-stream's units ('1M', '10K'), `files` kept besides main.log. */
export interface LogRotation {
  size: string
  files: number
}
export const DEFAULT_ROTATION: LogRotation = { size: LOG_FILE_SIZE, files: LOG_FILES_ROTATED }

/** main.log, then the rotated files, newest first. */
export const logFileNames = (files = LOG_FILES_ROTATED): string[] => [
  LOG_FILE,
  ...Array.from({ length: files }, (_, index) => rotatedName(index + 1)),
]
const rotatedName = (index: number) => LOG_FILE.replace(/\.log$/, `.${index}.log`)

/**
 * Keys whose values are secrets, customer identifiers or draft content. A log call names what it
 * records field by field, so none of these should ever be passed; if one is, its value goes.
 */
const CENSORED_KEYS = [
  // Secrets and what carries them.
  'consumerSecret',
  'secret',
  'token',
  'tokenSecret',
  'accessToken',
  'accessTokenSecret',
  'bearerToken',
  'credentials',
  'password',
  'pin',
  'verifier',
  'oauth_token',
  'oauth_token_secret',
  'oauth_verifier',
  'authorization',
  'headers',
  'cookie',
  'body',
  'query',
  'url',
  // Customer lists.
  'email',
  'phone',
  'handle',
  'device_id',
  'platform_id',
  'identifiers',
  'users',
  'rows',
  // Draft content.
  'content',
  'draft',
  'text',
  'title',
  'name',
  'choices',
  'snapshot',
  'publication',
  'params',
  'job',
]

/** Each key at the top of a line and two levels down (pino's redact paths). */
export const REDACT_PATHS = CENSORED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`])

/** The logger every module's child comes from, writing finished lines to `destination`. */
export function createLogger(destination: DestinationStream, secrets: KnownSecrets, level = 'info'): Log {
  return pino(
    {
      level,
      // No host name or process id: a line says what happened, not whose machine it was.
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: (error: unknown) => errorFields(error, secrets.values()) },
      hooks: {
        // log.error(error) would make the error's own message the line's message, unscrubbed.
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[]
          if (first instanceof Error) {
            const message = typeof rest[0] === 'string' ? rest[0] : 'failure'
            return method.apply(this, [{ err: first }, message])
          }
          return method.apply(this, args)
        },
        streamWrite: (line) => scrubText(line, secrets.values()),
      },
    },
    destination,
  )
}

/** A logger that writes nothing: what a module logs to when it was given none. */
export const silentLog: Log = pino({ enabled: false }, { write: () => undefined })

export interface LogFile {
  root: Log
  dir: string
  rotation: LogRotation
  /** Resolves once every line logged so far is in the file. */
  flush(): Promise<void>
  /** Flushes and closes the file; later lines are dropped. */
  close(): Promise<void>
}

/**
 * The log file in `dir`, rotated by size (rotating-file-stream, in this process: main is bundled
 * with its dependencies external, so pino's worker-thread transports are not needed). The log
 * never stops the app: a folder that cannot be written drops lines, said once on stderr.
 */
export function openLogFile(options: {
  dir: string
  secrets: KnownSecrets
  level?: string
  rotation?: LogRotation
}): LogFile {
  const { dir } = options
  const rotation = options.rotation ?? DEFAULT_ROTATION
  let open = true
  let lastWrite: Promise<void> = Promise.resolve()
  const fail = (error: unknown) => {
    if (!open) return
    open = false
    console.error(`Ads Studio could not write its log in ${dir}:`, (error as { code?: string }).code ?? error)
  }
  const stream = (() => {
    try {
      mkdirSync(dir, { recursive: true })
      const rotating = createStream((index) => (index ? rotatedName(Number(index)) : LOG_FILE), {
        path: dir,
        size: rotation.size,
        rotate: rotation.files,
      })
      rotating.on('error', fail)
      return rotating
    } catch (error) {
      fail(error)
      return undefined
    }
  })()
  const destination: DestinationStream = {
    write(line) {
      if (!open || !stream) return
      lastWrite = new Promise((resolve) => stream.write(line, () => resolve()))
    },
  }
  const root = createLogger(destination, options.secrets, options.level)
  return {
    root,
    dir,
    rotation,
    flush: () => lastWrite,
    async close() {
      await lastWrite
      if (!open || !stream) return
      open = false
      await new Promise<void>((resolve) => stream.end(() => resolve()))
    },
  }
}
