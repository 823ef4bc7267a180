// A server's own CPU time, read from /proc (Linux): what a run cost the process under test, apart
// from the load generator sharing the machine's two cores (docs/decisions/030-page-cache-and-render.md,
// "When the load generator is the bottleneck").
import { readFileSync } from 'node:fs'

// Linux's USER_HZ, the unit of /proc/<pid>/stat's times: 100 on every mainstream build
const TICKS_PER_SECOND = 100

/** The process's user and system CPU time so far, in ms (all its threads). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1')
  // the command name, in parentheses, may hold spaces: the fields after it are the numbers
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of the line; 12th and 13th after the name
  const ticks = Number(fields[11]) + Number(fields[12])
  return (ticks * 1000) / TICKS_PER_SECOND
}
