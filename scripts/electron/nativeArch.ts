/**
 * The system and CPUs a native module (.node file) was built for, from its executable header:
 * ELF on Linux, Mach-O (thin or universal) on macOS, PE on Windows. `npm run dist` packs keytar
 * as built on the machine that runs it, so it compares this with what the run packages.
 */

export type BinaryFormat = 'elf' | 'mach-o' | 'pe'

export interface NativeBuild {
  format: BinaryFormat
  archs: string[]
}

/** The binary format each electron-builder platform name needs. */
export const FORMAT_OF_PLATFORM: Record<string, BinaryFormat> = {
  linux: 'elf',
  darwin: 'mach-o',
  mas: 'mach-o',
  win32: 'pe',
}

const ELF_MACHINES: Record<number, string> = { 0x03: 'ia32', 0x28: 'armv7l', 0x3e: 'x64', 0xb7: 'arm64' }
// CPU_TYPE_X86 | ABI64, CPU_TYPE_ARM | ABI64, and the 32-bit ones.
const MACHO_CPUS: Record<number, string> = {
  0x01000007: 'x64',
  0x0100000c: 'arm64',
  0x07: 'ia32',
  0x0c: 'armv7l',
}
const PE_MACHINES: Record<number, string> = {
  0x8664: 'x64',
  0xaa64: 'arm64',
  0x014c: 'ia32',
  0x01c4: 'armv7l',
}

const named = (table: Record<number, string>, code: number) =>
  table[code] ?? `unknown (0x${code.toString(16)})`

/** Reads the header of a native module; undefined when the bytes are none of the three formats. */
export function nativeBuild(bytes: Buffer): NativeBuild | undefined {
  if (bytes.length >= 20 && bytes.readUInt32BE(0) === 0x7f454c46) {
    // e_machine, in the byte order EI_DATA names (1: little-endian).
    const machine = bytes[5] === 1 ? bytes.readUInt16LE(18) : bytes.readUInt16BE(18)
    return { format: 'elf', archs: [named(ELF_MACHINES, machine)] }
  }
  if (bytes.length >= 8 && bytes.readUInt32LE(0) === 0xfeedfacf) {
    return { format: 'mach-o', archs: [named(MACHO_CPUS, bytes.readUInt32LE(4))] }
  }
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0xcafebabe) {
    // A universal binary: a big-endian count, then 20 bytes per architecture, cputype first.
    const count = bytes.readUInt32BE(4)
    const archs: string[] = []
    for (let i = 0; i < count && 8 + i * 20 + 4 <= bytes.length; i++)
      archs.push(named(MACHO_CPUS, bytes.readUInt32BE(8 + i * 20)))
    return { format: 'mach-o', archs }
  }
  if (bytes.length >= 0x40 && bytes.toString('latin1', 0, 2) === 'MZ') {
    const pe = bytes.readUInt32LE(0x3c)
    if (bytes.length >= pe + 6 && bytes.toString('latin1', pe, pe + 4) === 'PE\0\0')
      return { format: 'pe', archs: [named(PE_MACHINES, bytes.readUInt16LE(pe + 4))] }
  }
  return undefined
}

/** Why a native build cannot run on a platform and CPU, or undefined when it can. */
export function mismatch(build: NativeBuild | undefined, platform: string, arch: string): string | undefined {
  if (!build) return 'it is not a native module this script can read'
  const format = FORMAT_OF_PLATFORM[platform]
  const builtFor = `${build.format} ${build.archs.join(' + ')}`
  if (build.format !== format) return `it is built for ${builtFor}, and ${platform} needs ${format}`
  if (!build.archs.includes(arch)) return `it is built for ${builtFor}, not ${arch}`
  return undefined
}
