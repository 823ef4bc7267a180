import { z } from 'zod'

/** Where each part of a backup lives inside its directory. */
export const BACKUP_FILES = {
  manifest: 'manifest.json',
  postgresDump: 'database.dump',
  pgliteDump: 'pglite-data.tar.gz',
  media: 'media',
} as const

/**
 * What a backup directory holds, written last so a directory without it is an unfinished backup.
 * The media keys are exactly those the database dump names (read in the dump's own snapshot on
 * PostgreSQL), so a restore gets every file its rows need and nothing else.
 */
export const ManifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.iso.datetime(),
  app: z.object({ name: z.string(), version: z.string() }),
  database: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('postgres'),
      file: z.literal(BACKUP_FILES.postgresDump),
      method: z.literal('pg_dump --format=custom'),
    }),
    z.object({
      kind: z.literal('pglite'),
      file: z.literal(BACKUP_FILES.pgliteDump),
      method: z.literal('PGlite dumpDataDir (gzip)'),
    }),
  ]),
  media: z.object({
    store: z.enum(['local', 's3']),
    /** Every key the database names, each stored under media/<first two characters>/<key>. */
    keys: z.array(z.string()),
    bytes: z.number().int().nonnegative(),
    /** Keys a row named whose file the store no longer had when the backup was made. */
    missing: z.array(z.string()),
  }),
})
export type Manifest = z.infer<typeof ManifestSchema>
