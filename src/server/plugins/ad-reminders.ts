import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { adReminderKind, sendAdReminder } from '#server/services/ads/ad-reminders.ts'

/**
 * Runs the reminders queued with each ad's listed time (docs/decisions/051-reminders-and-renewal.md):
 * the mail is written in the job's completion, so it is queued once however often the job runs.
 */
async function adReminders(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.PUBLIC_URL
  app.jobs.handle(adReminderKind, async (job, { complete }) => {
    await complete((tx) => sendAdReminder(tx, job.payload, publicUrl))
  })
}

export default fp(adReminders, { name: 'ad-reminders', dependencies: ['jobs'] })
