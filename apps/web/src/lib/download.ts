/**
 * Hands `text` to the browser as a file named `fileName` (an object URL clicked through a link, revoked
 * once the download has started). Used for recovery codes, proof-of-reserves files and operator CSVs.
 */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
