/** Says something to screen-reader users without moving focus (the page's polite live region). */
export function announce(message: string): void {
  const region = document.getElementById('announcer');
  if (!region) return;
  region.textContent = '';
  // A new text node after a frame, so the same message said twice is read twice.
  requestAnimationFrame(() => {
    region.textContent = message;
  });
}
