import { CSV_MIME } from './csv';

/** Offers text to the browser as a file download (a temporary object URL and link). */
export function downloadText(text: string, fileName: string, type: string = CSV_MIME): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the download has started; give the browser a moment before freeing the URL
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
