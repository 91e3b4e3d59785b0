/** Hands the file to the browser, which saves it under its name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the file only after the click's task.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
