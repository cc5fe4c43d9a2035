import { defineAction } from '../../../src/runtime/server'

class Point {
  constructor(public x: number, public y: number) {}
  length(): number {
    return Math.hypot(this.x, this.y)
  }
}

const money = { cents: 150, toJSON: () => '1.50' }

// one field per kind of value JSON changes on the way to the client
export default defineAction({
  handler: () => ({
    when: new Date(),
    whenMaybe: undefined as Date | undefined,
    map: new Map<string, number>(),
    set: new Set<string>(),
    file: new Blob(['x']),
    money,
    point: new Point(1, 2),
    save: () => {},
    gone: undefined,
    note: 'kept' as string | undefined,
    optional: {} as { label?: string, at?: Date },
    list: [1, undefined, () => {}] as (number | undefined | (() => void))[],
    pair: [new Date(), undefined] as [Date, undefined],
    nested: { deeper: { when: new Date() } },
    dates: [new Date()],
    byKey: {} as Record<string, Date>,
    count: 1,
    flag: true,
    nothing: null,
  }),
})
