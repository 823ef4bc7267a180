// A clock a test moves by hand, given to the app (`setupTestApp({}, { clock })`): jobs fall due when
// it says so, not when the machine's does.
//
//   const clock = new TestClock()
//   clock.advance(60 * 60_000)   // an hour later, at once
import type { Clock } from '#server/clock.ts'

export class TestClock implements Clock {
  private at: number

  constructor(start: Date = new Date()) {
    this.at = start.getTime()
  }

  now(): Date {
    return new Date(this.at)
  }

  advance(ms: number): void {
    this.at += ms
  }
}
