/**
 * The set of rows already seen in an upload, for removing duplicates, in bounded memory.
 *
 * A row is remembered by 64 bits of its SHA-256 (already computed for sending), in an
 * open-addressing table of two 32-bit words per slot that doubles as it fills, up to
 * MAX_SLOTS (32 MB: about 2.9 million distinct rows at the 0.7 load factor). Two different
 * rows share 64 bits with a chance of about n²/2⁶⁵ — for ten million rows, 3 in a million per
 * file — and then one is dropped as a "duplicate"; that is the price of memory that stays flat
 * however long the file is.
 *
 * Above about 2.9 million distinct rows (measured with a 10,000,000-row list in
 * `npm run bench`): nothing is dropped and nothing fails. New rows are still checked against
 * the table — a repeat of any of the first 2.9 million is still removed — but no longer added,
 * so a row repeated only after that point is sent more than once. The platform stores members
 * as a set, so the audience is the same; only the "duplicates removed" figure is lower than the
 * truth, and the pre-send report says so (`capped` → ListReport.dedupeCapped → a note on the
 * page). Remembering every row of a 10-million-row list would take about 128 MB at this load
 * factor, over the memory budget of the upload (≤ 100 MB growth), and spilling to disk would
 * write fingerprints of personal data to disk, which the app promises not to do.
 */

const INITIAL_SLOTS = 1 << 16
export const MAX_SLOTS = 1 << 22
const MAX_LOAD = 0.7

export class FingerprintSet {
  private table = new Uint32Array(INITIAL_SLOTS * 2)
  private slots = INITIAL_SLOTS
  private count = 0
  capped = false

  constructor(private readonly maxSlots = MAX_SLOTS) {}

  get size(): number {
    return this.count
  }

  /** True when the fingerprint was new (and is now remembered, unless the table is full). */
  add(hi: number, lo: number): boolean {
    // 0,0 marks an empty slot; a real fingerprint of 0,0 is moved aside.
    if (hi === 0 && lo === 0) lo = 1
    if (this.find(hi, lo) >= 0) return false
    if (this.count + 1 > this.slots * MAX_LOAD) {
      if (this.slots >= this.maxSlots) {
        this.capped = true
        return true
      }
      this.grow()
    }
    this.insert(hi, lo)
    this.count += 1
    return true
  }

  private find(hi: number, lo: number): number {
    const mask = this.slots - 1
    let slot = lo & mask
    for (;;) {
      const h = this.table[slot * 2] as number
      const l = this.table[slot * 2 + 1] as number
      if (h === 0 && l === 0) return -1
      if (h === hi && l === lo) return slot
      slot = (slot + 1) & mask
    }
  }

  private insert(hi: number, lo: number): void {
    const mask = this.slots - 1
    let slot = lo & mask
    while (this.table[slot * 2] !== 0 || this.table[slot * 2 + 1] !== 0) slot = (slot + 1) & mask
    this.table[slot * 2] = hi
    this.table[slot * 2 + 1] = lo
  }

  private grow(): void {
    const old = this.table
    const oldSlots = this.slots
    this.slots *= 2
    this.table = new Uint32Array(this.slots * 2)
    for (let slot = 0; slot < oldSlots; slot++) {
      const h = old[slot * 2] as number
      const l = old[slot * 2 + 1] as number
      if (h !== 0 || l !== 0) this.insert(h, l)
    }
  }
}
