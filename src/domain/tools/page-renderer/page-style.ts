/** The page's colours; every pair of text and background used below is listed in colourPairs. */
export const palette = {
  text: '#1f2937',
  muted: '#4b5563',
  background: '#ffffff',
  tint: '#eff6ff',
  footer: '#f3f4f6',
  accent: '#1d4ed8',
  accentDark: '#1e3a8a',
  onAccent: '#ffffff',
  border: '#d1d5db',
} as const;

/** Text colour on background colour wherever the stylesheet puts one on the other; each must reach 4.5:1. */
export const colourPairs: readonly (readonly [foreground: string, background: string, where: string])[] = [
  [palette.text, palette.background, 'body text'],
  [palette.muted, palette.background, 'secondary text'],
  [palette.accent, palette.background, 'links'],
  [palette.text, palette.tint, 'text in hero and call-to-action bands'],
  [palette.muted, palette.tint, 'secondary text in bands'],
  [palette.accent, palette.tint, 'links in bands'],
  [palette.onAccent, palette.accent, 'buttons and the skip link'],
  [palette.onAccent, palette.accentDark, 'buttons on hover'],
  [palette.text, palette.footer, 'footer text'],
  [palette.muted, palette.footer, 'secondary footer text'],
  [palette.accent, palette.footer, 'footer links'],
];

/**
 * Readable defaults without any external resource (system fonts, no images): a comfortable measure and
 * line height, visible focus, a skip link shown on focus, and buttons that are links.
 */
export const pageStyle = `
*, *::before, *::after { box-sizing: border-box; }
html { color-scheme: light; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; font-size: 1.0625rem; line-height: 1.6; color: ${palette.text}; background: ${palette.background}; }
a { color: ${palette.accent}; text-underline-offset: 0.15em; }
a:focus-visible, summary:focus-visible, main:focus-visible { outline: 3px solid ${palette.accent}; outline-offset: 2px; }
.skip-link { position: absolute; left: 0.5rem; top: -3rem; padding: 0.5rem 1rem; background: ${palette.accent}; color: ${palette.onAccent}; z-index: 10; }
.skip-link:focus { top: 0.5rem; }
.wrap { max-width: 68rem; margin: 0 auto; padding: 0 1.25rem; }
.site-header .wrap { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 1rem; padding-top: 1rem; padding-bottom: 1rem; }
.brand { margin: 0; font-weight: 700; }
nav ul { display: flex; flex-wrap: wrap; gap: 1.25rem; margin: 0; padding: 0; list-style: none; }
main:focus { outline: none; }
section { padding: 3rem 0; }
section + section { border-top: 1px solid ${palette.border}; }
.hero, .section-cta { background: ${palette.tint}; }
.hero { padding: 4.5rem 0; }
h1, h2, h3 { line-height: 1.25; margin: 0 0 0.75rem; }
h1 { font-size: clamp(2rem, 5vw, 3rem); }
h2 { font-size: clamp(1.5rem, 3.5vw, 2rem); }
h3 { font-size: 1.2rem; }
p { margin: 0 0 1rem; max-width: 65ch; }
.hero p { font-size: 1.2rem; color: ${palette.muted}; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr)); gap: 1.25rem; margin: 1.5rem 0 0; padding: 0; list-style: none; }
.cards > li, .quote { margin: 0; padding: 1.25rem; border: 1px solid ${palette.border}; border-radius: 0.5rem; background: ${palette.background}; }
.cards p { color: ${palette.muted}; margin-bottom: 0; }
.steps { margin: 1.5rem 0 0; padding-left: 1.5rem; }
.steps > li { margin-bottom: 1rem; }
.quote blockquote { margin: 0 0 0.75rem; font-size: 1.1rem; }
.quote figcaption { color: ${palette.muted}; }
details { border-bottom: 1px solid ${palette.border}; padding: 0.75rem 0; max-width: 65ch; }
summary { cursor: pointer; font-weight: 600; }
details p { margin: 0.75rem 0 0; }
.actions { margin: 1.5rem 0 0; }
.button { display: inline-block; padding: 0.75rem 1.5rem; border-radius: 0.375rem; background: ${palette.accent}; color: ${palette.onAccent}; font-weight: 600; text-decoration: none; }
.button:hover { background: ${palette.accentDark}; }
.site-footer { background: ${palette.footer}; padding: 2.5rem 0; }
.site-footer section { padding: 0 0 1.5rem; border: 0; }
.site-footer ul { margin: 0; padding-left: 1.25rem; }
.site-footer p { color: ${palette.muted}; }
`;
