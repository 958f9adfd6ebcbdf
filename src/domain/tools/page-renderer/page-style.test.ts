import { describe, expect, it } from 'vitest';
import { colourPairs, pageStyle, palette } from './page-style.ts';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red, green, blue] = channels.map((value) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrast(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((left, right) => right - left) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

describe('the page stylesheet', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it.each(colourPairs.map(([foreground, background, where]) => [where, foreground, background]))('gives %s a contrast of at least 4.5:1', (_where, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('uses only the palette’s colours and loads nothing', () => {
    const colours = new Set(Object.values(palette) as string[]);
    for (const colour of pageStyle.match(/#[0-9a-f]{3,8}\b/gi) ?? []) expect(colours.has(colour)).toBe(true);
    expect(pageStyle).not.toMatch(/url\(|@import|@font-face|<\//i);
  });
});
