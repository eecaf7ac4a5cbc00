/**
 * How fast this machine is, as a figure beside the bench's own: a fixed JavaScript workload
 * (bench/machineWorkload.mjs: JSON, sorting, strings; no app code) in a fresh Node process. The
 * targets are absolute milliseconds, and the same build measured on two of these "2-core"
 * machines differed by about two times in nearly every row, so one run's figures compare with
 * another's only when this figure does too (rule P20, bench/PERFORMANCE.md). Taken at the start and
 * the end of a run: a neighbour on the host can change it within a run.
 */
import { execFileSync } from 'node:child_process'
import { cpus } from 'node:os'
import { resolve } from 'node:path'

export interface MachineSpeed {
  cpu: string
  cores: number
  /** Median of five runs of the workload, ms. */
  workloadMs: number
}

export function measureMachine(): MachineSpeed {
  const output = execFileSync(process.execPath, [resolve('bench/machineWorkload.mjs')], { encoding: 'utf8' })
  return { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, workloadMs: Number(output.trim()) }
}
