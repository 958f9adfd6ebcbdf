// Light, dark, or the system's choice (the default). The choice is a preference, not a secret: local storage.
const storageKey = 'agentapi.theme';
export type ThemeChoice = 'system' | 'light' | 'dark';

export function storedTheme(): ThemeChoice {
  const value = localStorage.getItem(storageKey);
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function applyTheme(choice: ThemeChoice): void {
  if (choice === 'system') {
    delete document.documentElement.dataset.theme;
    localStorage.removeItem(storageKey);
  } else {
    document.documentElement.dataset.theme = choice;
    localStorage.setItem(storageKey, choice);
  }
}

/** The theme actually shown (the system's when no choice was made). */
export function effectiveTheme(): 'light' | 'dark' {
  const choice = storedTheme();
  if (choice !== 'system') return choice;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
