// bench/machine.ts runs this in a fresh Node process: a fixed JavaScript workload (JSON, sorting,
// strings; no app code), five timed runs after one warm-up; prints their median in ms.
function workload() {
  let seed = 1
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
  const rows = Array.from({ length: 50_000 }, (_, index) => ({
    id: `d${index}`,
    name: `Spring sale ${Math.floor(random() * 1e6)}`,
    updated: Math.floor(random() * 1e9),
  }))
  const copy = JSON.parse(JSON.stringify(rows))
  copy.sort((a, b) => a.name.localeCompare(b.name) || a.updated - b.updated)
  return copy.filter((row) => row.name.toLowerCase().includes('sale 12')).length
}
workload()
const times = []
for (let run = 0; run < 5; run++) {
  const started = performance.now()
  workload()
  times.push(performance.now() - started)
}
times.sort((a, b) => a - b)
process.stdout.write(`${Math.round(times[2])}\n`)
