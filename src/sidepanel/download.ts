/** Saves text as a file through the browser's download (export of demonstrations and workflows). */
export function download(filename: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  // revoked later: the download reads the blob after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
