// Which process holds a TCP connection on this machine, from Linux's /proc: the connection's local
// port gives its socket's inode (/proc/net/tcp), and a process's open files name that inode.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'

function inodeOfLocalPort(port: number): string | undefined {
  const hex = port.toString(16).toUpperCase().padStart(4, '0')
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      if (fields[1]?.endsWith(`:${hex}`)) return fields[9]
    }
  }
  return undefined
}

/** The one of `pids` whose socket has `localPort` open, or undefined. */
export function socketOwner(localPort: number, pids: readonly number[]): number | undefined {
  const inode = inodeOfLocalPort(localPort)
  if (inode === undefined) return undefined
  return pids.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`
        } catch {
          return false
        }
      })
    } catch {
      return false
    }
  })
}
