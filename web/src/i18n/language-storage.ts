import { isLanguage, LANGUAGE_STORAGE_KEY, type Language } from './language';

// localStorage can throw (privacy modes, disabled storage); language choice is best-effort.

export function readStoredLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeStoredLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // ignore: the path prefix still carries the language
  }
}

export function browserLanguages(): ReadonlyArray<string> {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
