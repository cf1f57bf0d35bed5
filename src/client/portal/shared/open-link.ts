/** Spec section 7: pay, PDF and download links open in a new tab. */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
