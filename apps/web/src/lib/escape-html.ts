/** Text made safe to write into HTML, between tags or in a quoted attribute (the first screens' markup). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
