import { apiUrl, fetchBlob } from '#client/lib/http.ts'
import { PrivacyPaths } from '#domain/api/privacy.ts'

/**
 * GET /account/export: the user's whole archive, saved as the zip the server names. A bearer token
 * cannot ride on a plain link, so the file is fetched and handed to the browser from an object URL.
 */
export async function downloadMyData(): Promise<void> {
  const blob = await fetchBlob(apiUrl(PrivacyPaths.export), 'user')
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `maple-after-dark-data-${new Date().toISOString().slice(0, 10)}.zip`
  document.body.append(link)
  link.click()
  link.remove()
  // the download has the bytes once it started; the next task is late enough to let the URL go
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
