// The metrics scrape through the proxy: the series an operator watches, and none without the token.
import { expectStatus } from './journeys.ts'
import { check, type Note } from './step-tools.ts'
import type { Topology } from './topology.ts'

export async function metricsScrape(t: Topology, note: Note): Promise<void> {
  const scrape = await t.client.send('GET', '/metrics', {
    headers: { authorization: `Bearer ${t.metricsToken}` },
  })
  const text = expectStatus(scrape, 200, 'metrics').body.toString('utf8')
  for (const series of [
    'maple_http_requests_total{',
    'maple_db_pool_connections ',
    'maple_change_feed_subscribed 1',
    'maple_mail_outbox_waiting ',
  ]) {
    check(text.includes(series), `no ${series.trim()} in the scrape`)
  }
  expectStatus(await t.client.send('GET', '/metrics'), 401, 'metrics without a token')
  note('pool, change feed, outbox and request series present; 401 without a token')
}
