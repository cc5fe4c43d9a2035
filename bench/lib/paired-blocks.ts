import { median } from './stats'

/** One case's figures: median time per call, and the median over rounds of the floor's time over its own. */
export interface PairedFigure {
  micros: number
  ratio: number
}

/**
 * Times in-process cases in alternating short blocks of calls, round after round, the order reversed every
 * other round. Each round's ratio to the `floor` case is taken within that round, so a machine that slows down
 * for a few seconds weighs on both sides of a ratio; the figures are medians over the rounds.
 */
export async function measurePaired(
  cases: Record<string, () => Promise<unknown>>,
  options: { rounds: number, block: number },
): Promise<Record<string, PairedFigure>> {
  const names = Object.keys(cases)
  if (!names.includes('floor')) throw new Error('measurePaired needs a case named floor')
  for (let call = 0; call < 20 * options.block; call++) {
    for (const name of names) await cases[name]!()
  }
  const micros: Record<string, number[]> = Object.fromEntries(names.map(name => [name, []]))
  const ratios: Record<string, number[]> = Object.fromEntries(names.map(name => [name, []]))
  for (let round = 0; round < options.rounds; round++) {
    const time: Record<string, number> = {}
    for (const name of round % 2 ? [...names].reverse() : names) {
      const run = cases[name]!
      const started = performance.now()
      for (let call = 0; call < options.block; call++) await run()
      time[name] = (performance.now() - started) * 1000 / options.block
    }
    for (const name of names) {
      micros[name]!.push(time[name]!)
      ratios[name]!.push(time.floor! / time[name]!)
    }
  }
  return Object.fromEntries(names.map(name => [name, { micros: median(micros[name]!), ratio: median(ratios[name]!) }]))
}
