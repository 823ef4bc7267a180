#!/usr/bin/env node
// `npm test`: every stage (unit, API, e2e) runs even when an earlier one fails, so one run shows
// every failure; a summary lists each stage's result and the exit code is non-zero if any failed.
// Extra arguments are not passed on: run one stage (`npm run test:api -- file`) to narrow a run.
import { spawnSync } from 'node:child_process'

const STAGES = [
  ['unit', 'test:unit'],
  ['API', 'test:api'],
  ['e2e', 'test:e2e'],
]

const results = STAGES.map(([name, script]) => {
  console.log(`\n##### npm test: ${name} (npm run ${script}) #####`)
  const started = Date.now()
  const run = spawnSync('npm', ['run', script], { stdio: 'inherit' })
  return { name, script, status: run.status ?? 1, seconds: Math.round((Date.now() - started) / 1000) }
})

console.log('\n##### npm test: summary #####')
for (const { name, script, status, seconds } of results) {
  console.log(`${status === 0 ? 'passed' : 'FAILED'}  ${name.padEnd(5)} npm run ${script} (${seconds} s)`)
}
const failed = results.filter((r) => r.status !== 0)
if (failed.length > 0) {
  console.log(
    `\n${failed.length} of ${results.length} stages failed: ${failed.map((r) => r.name).join(', ')}`,
  )
  process.exit(1)
}
console.log('\nevery stage passed')
