/**
 * Offers text as a file download from the panel (an object URL on a
 * temporary link), as a browser does for any download.
 * @example
 * saveText('{}', 'requests.har', 'application/json')
 */
export function saveText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
