import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FORMAT_OF_PLATFORM, mismatch, nativeBuild } from '../../../scripts/electron/nativeArch'

/** The CPU check `npm run dist` makes on keytar's native module before packing it. */

function machO(cpu: number): Buffer {
  const bytes = Buffer.alloc(32)
  bytes.writeUInt32LE(0xfeedfacf, 0)
  bytes.writeUInt32LE(cpu, 4)
  return bytes
}

function universal(cpus: number[]): Buffer {
  const bytes = Buffer.alloc(8 + cpus.length * 20)
  bytes.writeUInt32BE(0xcafebabe, 0)
  bytes.writeUInt32BE(cpus.length, 4)
  cpus.forEach((cpu, i) => bytes.writeUInt32BE(cpu, 8 + i * 20))
  return bytes
}

function pe(machine: number): Buffer {
  const bytes = Buffer.alloc(0x100)
  bytes.write('MZ', 0, 'latin1')
  bytes.writeUInt32LE(0x80, 0x3c)
  bytes.write('PE\0\0', 0x80, 'latin1')
  bytes.writeUInt16LE(machine, 0x84)
  return bytes
}

describe('the system and CPU a native module was built for', () => {
  it('reads the keytar this checkout built as this system and CPU', async () => {
    const build = nativeBuild(await readFile(resolve('node_modules/keytar/build/Release/keytar.node')))
    expect(build).toEqual({ format: FORMAT_OF_PLATFORM[process.platform], archs: [process.arch] })
    expect(mismatch(build, process.platform, process.arch)).toBeUndefined()
  })

  it('reads Mach-O, universal Mach-O and PE headers', () => {
    expect(nativeBuild(machO(0x0100000c))).toEqual({ format: 'mach-o', archs: ['arm64'] })
    expect(nativeBuild(machO(0x01000007))).toEqual({ format: 'mach-o', archs: ['x64'] })
    expect(nativeBuild(universal([0x01000007, 0x0100000c]))).toEqual({
      format: 'mach-o',
      archs: ['x64', 'arm64'],
    })
    expect(nativeBuild(pe(0x8664))).toEqual({ format: 'pe', archs: ['x64'] })
    expect(nativeBuild(Buffer.from('not a binary at all'))).toBeUndefined()
  })

  it('tells an x64 dmg from an arm64 keytar, which is what one macOS run for both CPUs used to pack', () => {
    const arm64 = nativeBuild(machO(0x0100000c))
    expect(mismatch(arm64, 'darwin', 'x64')).toBe('it is built for mach-o arm64, not x64')
    expect(mismatch(arm64, 'darwin', 'arm64')).toBeUndefined()
    expect(mismatch(nativeBuild(universal([0x01000007, 0x0100000c])), 'darwin', 'x64')).toBeUndefined()
    expect(mismatch(arm64, 'linux', 'arm64')).toBe('it is built for mach-o arm64, and linux needs elf')
    expect(mismatch(undefined, 'linux', 'x64')).toMatch(/not a native module/)
  })
})
