// The app a media upload test file builds (tests/api/media-upload-*.test.ts): media stored in a
// directory of its own, and uploads staged in a temp dir of its own so leftoverUploads() sees only
// this file's. Call it at the top of the file: it registers the hooks.
import { setupTestApp, type TestAppRef } from './api-app.ts'
import { tempDir, withOwnTmpDir } from './media.ts'

export function setupMediaApp(): { api: TestAppRef; mediaDir: string } {
  const mediaDir = tempDir('maple-media-test-')
  withOwnTmpDir()
  return { api: setupTestApp({ MEDIA_DIR: mediaDir }), mediaDir }
}
