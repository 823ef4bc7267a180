// A loopback TCP proxy a test can freeze: the dependency behind it (PostgreSQL, Redis, S3) then
// looks as a frozen server or a network that drops packets does. Connections stay open, bytes stop
// in both directions until thaw(); new connections are accepted and hang too. cut() ends every
// connection at once, as a restart does. refuse() ends every connection and each new one at once
// (a server that is down), until accept().
//
//   const proxy = await startTcpProxy(5432)
//   const url = `postgres://postgres@127.0.0.1:${proxy.port}/db`
//   proxy.freeze(); …; proxy.thaw(); await proxy.close()
import { connect, createServer, type Socket } from 'node:net'

export interface TcpProxy {
  readonly port: number
  /** Connections accepted so far (tests check that a client really went through the proxy). */
  readonly accepted: number
  freeze(): void
  thaw(): void
  /** Ends every open connection (the next ones are served normally). */
  cut(): void
  /** Ends every open connection and each new one as soon as it arrives, until accept(). */
  refuse(): void
  accept(): void
  close(): Promise<void>
}

interface Pair {
  client: Socket
  server: Socket
  // bytes held while frozen, in order, for each direction
  toServer: Buffer[]
  toClient: Buffer[]
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const pairs = new Set<Pair>()
  let frozen = false
  let refusing = false
  let accepted = 0

  const flush = (pair: Pair) => {
    for (const chunk of pair.toServer.splice(0)) pair.server.write(chunk)
    for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk)
  }

  const server = createServer((client) => {
    if (refusing) {
      client.on('error', () => {})
      client.resetAndDestroy()
      return
    }
    accepted++
    const upstream = connect(targetPort, targetHost)
    const pair: Pair = { client, server: upstream, toServer: [], toClient: [] }
    pairs.add(pair)
    client.on('data', (chunk: Buffer) => {
      if (frozen) pair.toServer.push(chunk)
      else upstream.write(chunk)
    })
    upstream.on('data', (chunk: Buffer) => {
      if (frozen) pair.toClient.push(chunk)
      else client.write(chunk)
    })
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.on('close', end)
    upstream.on('close', end)
    client.on('error', end)
    upstream.on('error', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('proxy: no port')

  return {
    port: address.port,
    get accepted() {
      return accepted
    },
    freeze() {
      frozen = true
    },
    thaw() {
      frozen = false
      for (const pair of pairs) flush(pair)
    },
    cut() {
      for (const pair of [...pairs]) {
        pair.client.destroy()
        pair.server.destroy()
      }
    },
    refuse() {
      refusing = true
      for (const pair of [...pairs]) {
        pair.client.destroy()
        pair.server.destroy()
      }
    },
    accept() {
      refusing = false
    },
    close() {
      for (const pair of [...pairs]) {
        pair.client.destroy()
        pair.server.destroy()
      }
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
